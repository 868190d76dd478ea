export * from './tokens';
export { formatCents } from './money';
export { formatPhone } from './phone';
