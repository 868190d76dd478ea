export * from './tokens';
export { formatCents, raisedOfGoal } from './money';
export { formatPhone } from './phone';
