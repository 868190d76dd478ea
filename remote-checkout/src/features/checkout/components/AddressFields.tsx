import { FormField, US_STATES, type FieldError } from '@fu/shared';
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
      {input('firstName', 'First name', 'given-name')}
      {input('lastName', 'Last name', 'family-name')}
      {withContact && input('email', 'Email', 'email', { type: 'email' })}
      {withContact && input('phone', 'Phone', 'tel', { type: 'tel' })}
      {input('address1', 'Address', 'address-line1')}
      {input('address2', 'Address 2 (optional)', 'address-line2')}
      <FormField id={`${prefix}-country`} label="Country" error={error('country')}>
        <select
          autoComplete={autofill('country-name')}
          value={values.country}
          onChange={(event) => onChange({ ...values, country: event.target.value })}
        >
          <option value="United States">United States</option>
        </select>
      </FormField>
      <FormField id={`${prefix}-state`} label="State" error={error('state')}>
        <select
          autoComplete={autofill('address-level1')}
          value={values.state}
          onChange={(event) => onChange({ ...values, state: event.target.value })}
        >
          <option value="">Choose a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </FormField>
      {input('city', 'City', 'address-level2')}
      {input('zip', 'Zip code', 'postal-code', { inputMode: 'numeric' })}
    </>
  );
}
