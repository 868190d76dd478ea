import { useState } from 'react';
import { useT, type FieldError, type SupporterDetails } from '@fu/shared';
import { emptyAddress, validateAddress, type AddressValues } from '../validation';
import { AddressFields } from './AddressFields';

/**
 * Billing and delivery addresses with 'Same as Billing Address': the part every checkout shares.
 * An order with nothing to ship (`hasShipping` false, e.g. a donation) has no delivery address: the
 * billing address is all it asks, and is sent as the ship-to fields the order request carries.
 */
export function useSupporterAddress(hasShipping = true) {
  const [billing, setBilling] = useState<AddressValues>(emptyAddress);
  const [delivery, setDelivery] = useState<AddressValues>(emptyAddress);
  const [sameAsBilling, setSameAsBilling] = useState(true);
  return {
    hasShipping,
    billing,
    delivery,
    sameAsBilling,
    setBilling,
    setDelivery,
    setSameAsBilling,
    /** Spec §5: delivery fields are required only when not the same as billing. */
    validate: (): FieldError[] => [
      ...validateAddress(billing, 'billing'),
      ...(sameAsBilling || !hasShipping ? [] : validateAddress(delivery, 'delivery', false)),
    ],
    /** The supporter and ship-to fields of a ProcessOrder-style request. */
    details: (orderId: number): SupporterDetails => {
      const shipTo = sameAsBilling || !hasShipping ? billing : delivery;
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
  const t = useT();
  return (
    <>
      <fieldset>
        <legend>
          <h2>{t('checkout.address.billingHeading')}</h2>
        </legend>
        <AddressFields
          prefix="billing"
          values={address.billing}
          errors={errors}
          withContact
          onChange={address.setBilling}
        />
      </fieldset>
      {address.hasShipping && <DeliveryAddressFields address={address} errors={errors} />}
    </>
  );
}

function DeliveryAddressFields({ address, errors }: { address: SupporterAddress; errors: FieldError[] }) {
  const t = useT();
  return (
    <fieldset>
      <legend>
        <h2>{t('checkout.address.deliveryHeading')}</h2>
      </legend>
      <label className="fp-checkbox">
        <input
          type="checkbox"
          checked={address.sameAsBilling}
          onChange={(event) => address.setSameAsBilling(event.target.checked)}
        />
        {t('checkout.address.sameAsBilling')}
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
  );
}
