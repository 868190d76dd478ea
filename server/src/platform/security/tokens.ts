import { createHash, randomBytes } from 'node:crypto';

/** Hex SHA-256: what the database keeps of a token or a texted code, never the secret itself. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes, base64url (43 characters): a browser's ticket device token or browser key. */
export const newToken = () => randomBytes(32).toString('base64url');

/** 24 random bytes, base64url (32 characters): a code in a texted link. */
export const newCode = () => randomBytes(24).toString('base64url');

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A token from a cookie, if it is one of ours in shape (anything else is ignored). */
export function tokenFrom(cookie: string | undefined): string | undefined {
  return cookie && TOKEN_FORMAT.test(cookie) ? cookie : undefined;
}
