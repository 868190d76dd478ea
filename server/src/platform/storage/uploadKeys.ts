import { randomUUID } from 'node:crypto';

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/** A new key for an uploaded picture: a random uuid and the extension of its type. */
export function newUploadKey(type: keyof typeof EXTENSION): string {
  return `${randomUUID()}.${EXTENSION[type]}`;
}

/**
 * Whether `key` is of the one form uploads are stored under. Only these are served at /uploads/, so
 * anything else in the bucket or directory (other apps' objects, an operator's files) never is.
 */
export function isUploadKey(key: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/.test(key);
}
