export * from './tokens';
export { formatCents } from './money';
