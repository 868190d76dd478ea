import { cardBrandName, cardDigits, FormField, normalizeExpiryMonth, useT, type FieldError } from '@fu/shared';
import type { CardValues } from '../validation';
import { CardNumberInput } from './CardNumberInput';
import styles from './checkout.module.css';

/**
 * Card fields: sent to the gateway to be tokenised, never to our server. The number is grouped as
 * typed (4-4-4-4, American Express 4-6-5) with its brand named; the month takes 1–12 and is padded
 * when the supporter moves on.
 */
export function CardFields({
  values,
  errors,
  onChange,
}: {
  values: CardValues;
  errors: FieldError[];
  onChange(values: CardValues): void;
}) {
  const t = useT();
  const error = (field: keyof CardValues) => errors.find((e) => e.field === field)?.message;
  const input = (
    field: keyof CardValues,
    label: string,
    props: Record<string, string | number | ((event: { target: HTMLInputElement }) => void)>,
  ) => (
    <FormField id={field} label={label} error={error(field)}>
      <input
        value={values[field]}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
        {...props}
      />
    </FormField>
  );
  const brand = cardBrandName(cardDigits(values.cardNumber));
  return (
    <>
      {/* What the page says about card data, beside the card fields. */}
      <p className={styles.cardNote}>{t('checkout.card.dataNote')}</p>
      {input('holderName', t('checkout.card.holderName'), { autoComplete: 'cc-name' })}
      <FormField
        id="cardNumber"
        label={t('checkout.card.number')}
        error={error('cardNumber')}
        hint={brand ? t('checkout.card.type', { brand }) : undefined}
      >
        <CardNumberInput
          value={values.cardNumber}
          onChange={(cardNumber) => onChange({ ...values, cardNumber })}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
        />
      </FormField>
      <div className={styles.row}>
        {input('expiryMonth', t('checkout.card.expiryMonth'), {
          autoComplete: 'cc-exp-month',
          inputMode: 'numeric',
          maxLength: 2,
          placeholder: t('checkout.card.expiryMonthPlaceholder'),
          onBlur: (event) => {
            const month = normalizeExpiryMonth(event.target.value);
            if (month && month !== values.expiryMonth) onChange({ ...values, expiryMonth: month });
          },
        })}
        {input('expiryYear', t('checkout.card.expiryYear'), {
          autoComplete: 'cc-exp-year',
          inputMode: 'numeric',
          maxLength: 4,
          placeholder: t('checkout.card.expiryYearPlaceholder'),
        })}
        {input('cvv', t('checkout.card.cvv'), { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
      </div>
    </>
  );
}
