/** Integer cents as US dollars for display: 5000 → "$50.00". */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
