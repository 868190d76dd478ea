import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key in a receipt link: an HMAC of the order id, so receipts cannot be read by guessing ids. */
export function receiptKey(orderId: number, secret: string): string {
  return createHmac('sha256', secret).update(`receipt:${orderId}`).digest('base64url').slice(0, 32);
}

export function receiptKeyValid(orderId: number, key: string, secret: string): boolean {
  const expected = Buffer.from(receiptKey(orderId, secret));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signed link to a paid order's digital receipt page. */
export function receiptUrl(publicUrl: string, orderId: number, secret: string): string {
  return `${publicUrl.replace(/\/$/, '')}/Receipt/${orderId}?key=${receiptKey(orderId, secret)}`;
}
