/** Integer cents as US dollars for display: 5000 → "$50.00". */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Goal progress in words (issue 9): "$86.00 raised of $500.00 goal". */
export function raisedOfGoal(raisedCents: number, goalCents: number): string {
  return `${formatCents(raisedCents)} raised of ${formatCents(goalCents)} goal`;
}
