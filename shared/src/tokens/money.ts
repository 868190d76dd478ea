// One formatter for every call: toLocaleString with options builds a new one each time, which cost
// the order page's first render about 1 ms per price on a phone (issue 20).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as US dollars for display: 5000 → "$50.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * Goal progress in words (issue 9): "$86.00 raised of $500.00 goal". The part students recorded
 * as cash or check, taken by no card, is labelled wherever it counts: "…goal, $18.00 of it in
 * cash or checks".
 */
export function raisedOfGoal(raisedCents: number, goalCents: number, cashCheckCents = 0): string {
  const raised = `${formatCents(raisedCents)} raised of ${formatCents(goalCents)} goal`;
  return cashCheckCents > 0 ? `${raised}, ${formatCents(cashCheckCents)} of it in cash or checks` : raised;
}
