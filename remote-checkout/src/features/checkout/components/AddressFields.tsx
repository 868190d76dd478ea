import { FormField, US_STATES, type FieldError } from '@fu/shared';
import type { AddressValues } from '../validation';

interface AddressFieldsProps {
  prefix: 'billing' | 'delivery';
  values: AddressValues;
  errors: FieldError[];
  withContact: boolean;
  onChange(values: AddressValues): void;
}

/** One address form (billing or delivery) with its errors at each field. */
export function AddressFields({ prefix, values, errors, withContact, onChange }: AddressFieldsProps) {
  const error = (field: keyof AddressValues) => errors.find((e) => e.field === `${prefix}-${field}`)?.message;
  const input = (field: keyof AddressValues, label: string, autoComplete: string, type = 'text') => (
    <FormField id={`${prefix}-${field}`} label={label} error={error(field)}>
      <input
        type={type}
        autoComplete={`${prefix === 'delivery' ? 'shipping' : 'billing'} ${autoComplete}`}
        value={values[field]}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
      />
    </FormField>
  );
  return (
    <>
      {input('firstName', 'First name', 'given-name')}
      {input('lastName', 'Last name', 'family-name')}
      {withContact && input('email', 'Email', 'email', 'email')}
      {withContact && input('phone', 'Phone', 'tel', 'tel')}
      {input('address1', 'Address', 'address-line1')}
      {input('address2', 'Address 2 (optional)', 'address-line2')}
      <FormField id={`${prefix}-country`} label="Country" error={error('country')}>
        <select value={values.country} onChange={(event) => onChange({ ...values, country: event.target.value })}>
          <option value="United States">United States</option>
        </select>
      </FormField>
      <FormField id={`${prefix}-state`} label="State" error={error('state')}>
        <select value={values.state} onChange={(event) => onChange({ ...values, state: event.target.value })}>
          <option value="">Choose a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </FormField>
      {input('city', 'City', 'address-level2')}
      {input('zip', 'Zip code', 'postal-code')}
    </>
  );
}
