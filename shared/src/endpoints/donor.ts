import { DigitalReceiptParams, DigitalReceiptResponse } from '../contracts/donor';
import type { EndpointGroup } from './endpoint';

/** Spec §7: the receipt link of a paid order, for the browser that made and paid it. */
export const donor = {
  digitalReceipt: {
    method: 'POST',
    path: '/api/donor/digitalReceipt/:orderId',
    params: DigitalReceiptParams,
    response: { 200: DigitalReceiptResponse },
  },
} as const satisfies EndpointGroup;
