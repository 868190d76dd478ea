/** 1234567 → "1,234,567", as en-US writes a whole number (no Intl formatter: see money.ts). */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}
