import type { Readable } from 'node:stream';

/** A stored picture as the API serves it back. */
export interface StoredFile {
  body: Readable;
  contentType?: string;
  contentLength?: number;
}

/**
 * Where uploaded pictures go (team and ticket photos, vendor logos). `put` stores the bytes under
 * the key and answers the public URL to save in the database.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Creates the bucket (S3) or directory (local); `created: false` when it already existed. */
  createBucket(name: string): Promise<{ created: boolean }>;
  /**
   * The file under `key`, or undefined when there is none, for the API to serve at /uploads/<key>
   * (S3: every instance reads the one bucket). Local files are served from the directory instead.
   */
  get?(key: string): Promise<StoredFile | undefined>;
  /**
   * A sentence for each kind of request the storage refused last time it was asked (reads, writes:
   * a permission missing, credentials not taken) and has not let through since, for GET /api/ready.
   */
  refusals?(): string[];
}
