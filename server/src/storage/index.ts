/**
 * Where uploaded pictures go (team and ticket photos, vendor logos). `put` stores the bytes under
 * the key and answers the public URL to save in the database.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Creates the bucket (S3) or directory (local); `created: false` when it already existed. */
  createBucket(name: string): Promise<{ created: boolean }>;
}

export { localStorage } from './localStorage';
export { s3Storage, type S3Options } from './s3Storage';
