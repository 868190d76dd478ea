import type { SupporterDetails } from '@fu/shared/contracts';
import {
  normalizePhone,
  stateCode,
  supporterProblems as sharedSupporterProblems,
  tidyTypedText,
} from '@fu/shared/rules';
import type { SupporterColumns } from '../repositories/orders';

/** Spec §5 checkout rules, the same ones the checkout pages apply (shared rules), on a request body. */
export function supporterProblems(body: SupporterDetails) {
  return sharedSupporterProblems({
    firstName: body.supporterFirstName,
    lastName: body.supporterLastName,
    email: body.donorEmail,
    phone: body.supporterPhoneNumber,
    address: body.shippingAddress,
    country: body.country,
    state: body.shippingState,
    city: body.shippingCity,
    zip: body.shippingZip,
  });
}

/** The order columns a checkout fills in, from details that passed `supporterProblems`. */
export function supporterColumns(body: SupporterDetails): SupporterColumns {
  return {
    supporterFirstName: tidyTypedText(body.supporterFirstName),
    supporterLastName: tidyTypedText(body.supporterLastName),
    supporterPhoneNumber: normalizePhone(body.supporterPhoneNumber) ?? null,
    donorEmail: body.donorEmail.trim(),
    shippingAddress: body.shippingAddress.trim(),
    shippingAddress2: body.shippingAddress2?.trim() || null,
    shippingCity: body.shippingCity.trim(),
    shippingState: stateCode(body.shippingState) ?? null,
    shippingZip: body.shippingZip.trim(),
  };
}
