/**
 * Spec §9 donation tiers, in cents, largest first; MVP Sponsorship is the one we suggest. Each
 * tier's name is its catalog message (src/i18n: "Hall of Fame", "Salón de la Fama").
 */
export const DONATION_TIERS = [
  { amount: 150_000, name: 'ordering.donationTier.hallOfFame' },
  { amount: 100_000, name: 'ordering.donationTier.legacy' },
  { amount: 75_000, name: 'ordering.donationTier.allStar' },
  { amount: 50_000, name: 'ordering.donationTier.captain' },
  { amount: 25_000, name: 'ordering.donationTier.championship' },
  { amount: 15_000, name: 'ordering.donationTier.mvp', target: true },
  { amount: 10_000, name: 'ordering.donationTier.allState' },
  { amount: 7_500, name: 'ordering.donationTier.season' },
  { amount: 5_000, name: 'ordering.donationTier.contributor' },
  { amount: 3_500, name: 'ordering.donationTier.team' },
] as const;

export { formatCents } from '@fu/shared';

/** '50', '50.5', '$1,000.00' → cents; anything that is not an amount → undefined. */
export function parseDollars(input: string): number | undefined {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/**
 * The donation chosen, in cents: a tier's amount, 0 for none, the custom amount typed; undefined when
 * "Custom amount" is chosen and what is typed is no amount (blank, $0 or not a number).
 */
export function chosenDonation(choice: {
  donationChoice: number | 'custom' | null;
  customDonation: string;
}): number | undefined {
  if (choice.donationChoice === null) return 0;
  if (choice.donationChoice !== 'custom') return choice.donationChoice;
  const cents = parseDollars(choice.customDonation);
  return cents ? cents : undefined;
}
