import { Type, type Static } from 'typebox';

/** POST /api/donor/digitalReceipt/{orderId}: the paid order whose receipt link is wanted. */
export const DigitalReceiptParams = Type.Object({ orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type DigitalReceiptParams = Static<typeof DigitalReceiptParams>;
/** The receipt's URL, as a JSON string. */
export const DigitalReceiptResponse = Type.String();
