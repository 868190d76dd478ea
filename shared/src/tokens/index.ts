export * from './tokens';
export { applyTeamColors } from './applyTeamColors';
export { formatCents, raisedOfGoal } from './money';
