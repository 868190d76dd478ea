export * from './tokens';
export { formatCents, raisedOfGoal } from './money';
