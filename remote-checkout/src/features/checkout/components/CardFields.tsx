import { FormField, type FieldError } from '@fu/shared';
import type { CardValues } from '../validation';
import styles from './checkout.module.css';

/** Card fields: sent to the gateway to be tokenised, never to our server. */
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
  const input = (field: keyof CardValues, label: string, props: Record<string, string | number>) => (
    <FormField id={field} label={label} error={error(field)}>
      <input
        value={values[field]}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
        {...props}
      />
    </FormField>
  );
  return (
    <>
      {input('holderName', 'Name on card', { autoComplete: 'cc-name' })}
      {input('cardNumber', 'Card number', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 })}
      <div className={styles.row}>
        {input('expiryMonth', 'Month (MM)', {
          autoComplete: 'cc-exp-month',
          inputMode: 'numeric',
          maxLength: 2,
          placeholder: 'MM',
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
