import { FormField, PAYMENT_TYPES, useT, type FieldError } from '@fu/shared';
import { CASH_RADIO_ID, CHECK_NUMBER_ID } from '../payment';
import styles from './cashCheck.module.css';

interface PaymentTypeFieldsProps {
  paymentTypeId: number | null;
  checkNumber: string;
  errors: FieldError[];
  onTypeChange(paymentTypeId: number): void;
  onCheckNumberChange(checkNumber: string): void;
}

/** The radio Cash (1) / Check (3) and the check number (spec §2 CheckoutCashCheck). */
export function PaymentTypeFields(props: PaymentTypeFieldsProps) {
  const t = useT();
  const typeError = props.errors.find((e) => e.field === CASH_RADIO_ID)?.message;
  const radio = (id: string, value: number, label: string) => (
    <label className={styles.choice} htmlFor={id}>
      <input
        id={id}
        type="radio"
        name="paymentTypeId"
        value={value}
        checked={props.paymentTypeId === value}
        aria-describedby={typeError ? 'payment-type-error' : undefined}
        onChange={() => props.onTypeChange(value)}
      />
      {label}
    </label>
  );
  return (
    <>
      <div role="radiogroup" aria-labelledby="payment-type-label" aria-invalid={typeError ? true : undefined}>
        <span id="payment-type-label" className={styles.groupLabel}>
          {t('checkout.cashCheck.howPaid')}
        </span>
        {typeError && (
          <span id="payment-type-error" className={styles.error}>
            <span className="visually-hidden">{t('checkout.error.prefix')}</span>
            {t(typeError)}
          </span>
        )}
        {radio(CASH_RADIO_ID, PAYMENT_TYPES.cash, t('checkout.cashCheck.cash'))}
        {radio('payment-type-check', PAYMENT_TYPES.check, t('checkout.cashCheck.check'))}
      </div>
      {props.paymentTypeId === PAYMENT_TYPES.check && (
        <FormField
          id={CHECK_NUMBER_ID}
          label={t('checkout.cashCheck.checkNumber')}
          error={props.errors.find((e) => e.field === CHECK_NUMBER_ID)?.message}
        >
          <input
            inputMode="numeric"
            maxLength={30}
            value={props.checkNumber}
            onChange={(event) => props.onCheckNumberChange(event.target.value)}
          />
        </FormField>
      )}
    </>
  );
}
