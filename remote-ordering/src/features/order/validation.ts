import { MINIMUM_DONATION_CENTS, ORDER_MESSAGES, type FieldError } from '@fu/shared';
import { parseDollars } from './donationTiers';

export interface OrderFormValues {
  studentFirstName: string;
  studentLastName: string;
  /** Units selected across every option. */
  totalQuantity: number;
  /** A tier amount in cents, 'custom' for the typed amount, or null for no donation. */
  donationChoice: number | 'custom' | null;
  customDonation: string;
}

/** The cents a donation choice stands for (0 when none or not a valid amount). */
export function donationCents(values: Pick<OrderFormValues, 'donationChoice' | 'customDonation'>): number {
  if (values.donationChoice === null) return 0;
  if (values.donationChoice === 'custom') return parseDollars(values.customDonation) ?? 0;
  return values.donationChoice;
}

/** Spec §5, in the order a person reads the page. Field ids are the inputs' ids. */
export function validateOrder(values: OrderFormValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!values.studentFirstName.trim())
    errors.push({ field: 'studentFirstName', message: ORDER_MESSAGES.studentFirstName });
  if (!values.studentLastName.trim())
    errors.push({ field: 'studentLastName', message: ORDER_MESSAGES.studentLastName });
  if (values.donationChoice === 'custom') {
    const cents = parseDollars(values.customDonation);
    if (cents === undefined || cents < MINIMUM_DONATION_CENTS) {
      errors.push({ field: 'customDonation', message: ORDER_MESSAGES.donationMinimum });
      return errors;
    }
  }
  if (values.totalQuantity === 0 && donationCents(values) === 0) {
    errors.push({ field: 'items', message: ORDER_MESSAGES.noItem });
  }
  return errors;
}
