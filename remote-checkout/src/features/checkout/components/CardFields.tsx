import { cardBrandName, cardDigits, FormField, normalizeExpiryMonth, type FieldError } from '@fu/shared';
import type { CardValues } from '../validation';
import { CardNumberInput } from './CardNumberInput';
import styles from './checkout.module.css';

/** What the page says about card data, beside the card fields. */
export const CARD_DATA_NOTE =
  'Your card details go straight to our payment gateway over a secure connection. We never see or store your card number.';

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
      <p className={styles.cardNote}>{CARD_DATA_NOTE}</p>
      {input('holderName', 'Name on card', { autoComplete: 'cc-name' })}
      <FormField
        id="cardNumber"
        label="Card number"
        error={error('cardNumber')}
        hint={brand ? `Card type: ${brand}` : undefined}
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
        {input('expiryMonth', 'Month (MM)', {
          autoComplete: 'cc-exp-month',
          inputMode: 'numeric',
          maxLength: 2,
          placeholder: 'MM',
          onBlur: (event) => {
            const month = normalizeExpiryMonth(event.target.value);
            if (month && month !== values.expiryMonth) onChange({ ...values, expiryMonth: month });
          },
        })}
        {input('expiryYear', 'Year (YYYY)', {
          autoComplete: 'cc-exp-year',
          inputMode: 'numeric',
          maxLength: 4,
          placeholder: 'YYYY',
        })}
        {input('cvv', 'CVV', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
      </div>
    </>
  );
}
