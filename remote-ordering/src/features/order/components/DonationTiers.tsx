import { memo } from 'react';
import { useOrderStore } from '../store/orderStore';
import { DONATION_TIERS, formatCents } from '../donationTiers';
import styles from './order.module.css';

const TIERS = DONATION_TIERS.map((tier) => ({ ...tier, price: formatCents(tier.amount) }));

/** Spec §9 tiers as radio cards, MVP Sponsorship marked as the target, plus a custom amount (min $35). */
export const DonationTiers = memo(function DonationTiers({ error }: { error?: string }) {
  const choice = useOrderStore((state) => state.donationChoice);
  const custom = useOrderStore((state) => state.customDonation);
  const chooseDonation = useOrderStore((state) => state.chooseDonation);
  const setCustomDonation = useOrderStore((state) => state.setCustomDonation);
  return (
    <section aria-labelledby="donation-heading" className={styles.section}>
      <h2 id="donation-heading">Sponsor the team</h2>
      <fieldset className={styles.tiers}>
        <legend className="visually-hidden">Donation amount</legend>
        {TIERS.map((tier) => (
          <label key={tier.amount} className={[styles.tier, choice === tier.amount ? styles.tierChosen : ''].join(' ')}>
            <input
              type="radio"
              name="donation"
              checked={choice === tier.amount}
              onChange={() => chooseDonation(tier.amount)}
            />
            <span className={styles.tierName}>{tier.name}</span>
            <span>{tier.price}</span>
            {'target' in tier && <span className={styles.target}>Our target</span>}
          </label>
        ))}
        <label className={[styles.tier, choice === 'custom' ? styles.tierChosen : ''].join(' ')}>
          <input type="radio" name="donation" checked={choice === 'custom'} onChange={() => chooseDonation('custom')} />
          <span className={styles.tierName}>Custom amount</span>
        </label>
        <label className={[styles.tier, choice === null ? styles.tierChosen : ''].join(' ')}>
          <input type="radio" name="donation" checked={choice === null} onChange={() => chooseDonation(null)} />
          <span className={styles.tierName}>No donation</span>
        </label>
      </fieldset>
      <div className={[styles.customDonation, error ? styles.invalid : ''].join(' ')}>
        <label htmlFor="customDonation">Custom donation (USD)</label>
        {error && (
          <span id="customDonation-error" className={styles.fieldError}>
            {error}
          </span>
        )}
        <input
          id="customDonation"
          type="number"
          inputMode="decimal"
          min={35}
          step="0.01"
          placeholder="Enter amount (minimum $35)"
          value={custom}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'customDonation-error' : undefined}
          onChange={(event) => setCustomDonation(event.target.value)}
        />
      </div>
    </section>
  );
});
