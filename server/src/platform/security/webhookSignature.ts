import { createHmac, timingSafeEqual } from 'node:crypto';

// Issue 34: how the SMS provider proves a text a phone sent us came from it (docs/operations.md
// "Texts phones send us"). The provider signs each POST with the secret it shares with us
// (SMS_INBOUND_SECRET), the way Stripe and Slack sign theirs:
//
//   X-SMS-Timestamp: 1767225600                 (Unix seconds when it was sent)
//   X-SMS-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>
//
// over the body's bytes exactly as sent, so nothing of the body can change (a parser's reading of
// it does not matter); the timestamp is signed too and must be within five minutes of our clock, so
// a captured request cannot be replayed later (and a replay within the five minutes is the same
// provider message, taken once by its id). Several `v1=` signatures, comma-separated, are each
// tried: a provider rotating its secret may sign with both.

export const SIGNATURE_HEADER = 'x-sms-signature';
export const TIMESTAMP_HEADER = 'x-sms-timestamp';
/** How far a request's timestamp may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signature a provider sends for `rawBody` at `timestamp` (Unix seconds): `v1=<hex>`. */
export function webhookSignature(secret: string, timestamp: string | number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Why a request's signature was refused, or 'valid'. */
export type SignatureCheck = 'valid' | 'missing' | 'stale' | 'mismatch';

/**
 * Checks a request's signature headers against `rawBody`. The comparison is of the HMAC's bytes, in
 * constant time (crypto.timingSafeEqual on two 32-byte digests), so nothing about the right
 * signature leaks through timing.
 */
export function checkWebhookSignature(
  secret: string,
  request: { timestamp: unknown; signature: unknown; rawBody: string },
  now = Date.now(),
): SignatureCheck {
  const { timestamp, signature } = request;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.rawBody}`).digest();
  let matched = false;
  for (const part of signature.split(',')) {
    const hex = /^\s*v1=([0-9a-fA-F]{64})\s*$/.exec(part)?.[1];
    // Every signature is compared, a match or not, so their order tells nothing either.
    if (hex && timingSafeEqual(Buffer.from(hex, 'hex'), expected)) matched = true;
  }
  return matched ? 'valid' : 'mismatch';
}
