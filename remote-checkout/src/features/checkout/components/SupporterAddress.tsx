import { useState } from 'react';
import type { FieldError, SupporterDetails } from '@fu/shared';
import { emptyAddress, validateAddress, type AddressValues } from '../validation';
import { AddressFields } from './AddressFields';
import styles from './checkout.module.css';

/** Billing and delivery addresses with 'Same as Billing Address': the part every checkout shares. */
export function useSupporterAddress() {
  const [billing, setBilling] = useState<AddressValues>(emptyAddress);
  const [delivery, setDelivery] = useState<AddressValues>(emptyAddress);
  const [sameAsBilling, setSameAsBilling] = useState(true);
  return {
    billing,
    delivery,
    sameAsBilling,
    setBilling,
    setDelivery,
    setSameAsBilling,
    /** Spec §5: delivery fields are required only when not the same as billing. */
    validate: (): FieldError[] => [
      ...validateAddress(billing, 'billing'),
      ...(sameAsBilling ? [] : validateAddress(delivery, 'delivery', false)),
    ],
    /** The supporter and ship-to fields of a ProcessOrder-style request. */
    details: (orderId: number): SupporterDetails => {
      const shipTo = sameAsBilling ? billing : delivery;
      return {
        orderId,
        supporterFirstName: billing.firstName.trim(),
        supporterLastName: billing.lastName.trim(),
        supporterPhoneNumber: billing.phone.trim(),
        donorEmail: billing.email.trim(),
        country: shipTo.country,
        shippingAddress: shipTo.address1.trim(),
        shippingAddress2: shipTo.address2.trim() || null,
        shippingCity: shipTo.city.trim(),
        shippingState: shipTo.state,
        shippingZip: shipTo.zip.trim(),
      };
    },
  };
}

export type SupporterAddress = ReturnType<typeof useSupporterAddress>;

export function SupporterAddressFields({ address, errors }: { address: SupporterAddress; errors: FieldError[] }) {
  return (
    <>
      <fieldset>
        <legend>
          <h2>Billing address</h2>
        </legend>
        <AddressFields
          prefix="billing"
          values={address.billing}
          errors={errors}
          withContact
          onChange={address.setBilling}
        />
      </fieldset>
      <fieldset>
        <legend>
          <h2>Delivery address</h2>
        </legend>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={address.sameAsBilling}
            onChange={(event) => address.setSameAsBilling(event.target.checked)}
          />
          Same as Billing Address
        </label>
        {!address.sameAsBilling && (
          <AddressFields
            prefix="delivery"
            values={address.delivery}
            errors={errors}
            withContact={false}
            onChange={address.setDelivery}
          />
        )}
      </fieldset>
    </>
  );
}
