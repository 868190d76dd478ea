import { memo } from 'react';
import { useT } from '@fu/shared';
import { useOrderStore } from '../store/orderStore';
import { DONATION_TIERS, formatCents } from '../donationTiers';
import styles from './order.module.css';

const TIERS = DONATION_TIERS.map((tier) => ({ ...tier, price: formatCents(tier.amount) }));

/** Spec §9 tiers as radio cards, MVP Sponsorship marked as the target, plus a custom amount (min $35). */
export const DonationTiers = memo(function DonationTiers({ error }: { error?: string }) {
  const t = useT();
  const choice = useOrderStore((state) => state.donationChoice);
  const custom = useOrderStore((state) => state.customDonation);
  const chooseDonation = useOrderStore((state) => state.chooseDonation);
  const setCustomDonation = useOrderStore((state) => state.setCustomDonation);
  return (
    <section aria-labelledby="donation-heading" className={styles.section}>
      <h2 id="donation-heading">{t('ordering.donation.heading')}</h2>
      <fieldset className={styles.tiers}>
        <legend className="visually-hidden">{t('ordering.donation.amountLegend')}</legend>
        {TIERS.map((tier) => (
          <label key={tier.amount} className={[styles.tier, choice === tier.amount ? styles.tierChosen : ''].join(' ')}>
            <input
              type="radio"
              name="donation"
              checked={choice === tier.amount}
              onChange={() => chooseDonation(tier.amount)}
            />
            <span className={styles.tierName}>{t(tier.name)}</span>
            <span>{tier.price}</span>
            {'target' in tier && <span className={styles.target}>{t('ordering.donation.target')}</span>}
          </label>
        ))}
        <label className={[styles.tier, choice === 'custom' ? styles.tierChosen : ''].join(' ')}>
          <input type="radio" name="donation" checked={choice === 'custom'} onChange={() => chooseDonation('custom')} />
          <span className={styles.tierName}>{t('ordering.donation.customAmount')}</span>
        </label>
        <label className={[styles.tier, choice === null ? styles.tierChosen : ''].join(' ')}>
          <input type="radio" name="donation" checked={choice === null} onChange={() => chooseDonation(null)} />
          <span className={styles.tierName}>{t('ordering.donation.none')}</span>
        </label>
      </fieldset>
      <div className={[styles.customDonation, error ? styles.invalid : ''].join(' ')}>
        <label htmlFor="customDonation">{t('ordering.donation.customLabel')}</label>
        {error && (
          <span id="customDonation-error" className={styles.fieldError}>
            {t(error)}
          </span>
        )}
        <input
          id="customDonation"
          type="number"
          inputMode="decimal"
          min={35}
          step="0.01"
          placeholder={t('ordering.donation.customPlaceholder')}
          value={custom}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'customDonation-error' : undefined}
          onChange={(event) => setCustomDonation(event.target.value)}
        />
      </div>
    </section>
  );
});
