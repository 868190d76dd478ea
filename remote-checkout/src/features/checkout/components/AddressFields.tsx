import { FormField, US_STATES, useT, type FieldError } from '@fu/shared';
import type { AddressValues } from '../validation';

interface AddressFieldsProps {
  prefix: 'billing' | 'delivery';
  values: AddressValues;
  errors: FieldError[];
  withContact: boolean;
  onChange(values: AddressValues): void;
}

/**
 * One address form (billing or delivery) with its errors at each field. Every field names its autofill
 * token in the form's section (`billing`/`shipping`), so a browser or password manager fills each
 * address from the right card; the ZIP code opens the number pad.
 */
export function AddressFields({ prefix, values, errors, withContact, onChange }: AddressFieldsProps) {
  const t = useT();
  const error = (field: keyof AddressValues) => errors.find((e) => e.field === `${prefix}-${field}`)?.message;
  const autofill = (token: string) => `${prefix === 'delivery' ? 'shipping' : 'billing'} ${token}`;
  const input = (
    field: keyof AddressValues,
    label: string,
    autoComplete: string,
    { type = 'text', inputMode }: { type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <FormField id={`${prefix}-${field}`} label={label} error={error(field)}>
      <input
        type={type}
        inputMode={inputMode}
        autoComplete={autofill(autoComplete)}
        value={values[field]}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
      />
    </FormField>
  );
  return (
    <>
      {input('firstName', t('checkout.address.firstName'), 'given-name')}
      {input('lastName', t('checkout.address.lastName'), 'family-name')}
      {withContact && input('email', t('checkout.address.email'), 'email', { type: 'email' })}
      {withContact && input('phone', t('checkout.address.phone'), 'tel', { type: 'tel' })}
      {input('address1', t('checkout.address.address1'), 'address-line1')}
      {input('address2', t('checkout.address.address2'), 'address-line2')}
      <FormField id={`${prefix}-country`} label={t('checkout.address.country')} error={error('country')}>
        <select
          autoComplete={autofill('country-name')}
          value={values.country}
          onChange={(event) => onChange({ ...values, country: event.target.value })}
        >
          <option value="United States">{t('checkout.address.unitedStates')}</option>
        </select>
      </FormField>
      <FormField id={`${prefix}-state`} label={t('checkout.address.state')} error={error('state')}>
        <select
          autoComplete={autofill('address-level1')}
          value={values.state}
          onChange={(event) => onChange({ ...values, state: event.target.value })}
        >
          <option value="">{t('checkout.address.chooseState')}</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </FormField>
      {input('city', t('checkout.address.city'), 'address-level2')}
      {input('zip', t('checkout.address.zip'), 'postal-code', { inputMode: 'numeric' })}
    </>
  );
}
