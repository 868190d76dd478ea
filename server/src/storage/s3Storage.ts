import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Storage } from './index';

export interface S3Options {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2…); unset for AWS itself. Uses path-style addressing. */
  endpoint?: string;
  region?: string;
  /** Public base URL of the bucket's objects (a CDN); otherwise derived from endpoint or region. */
  publicUrl?: string;
}

/** The part of S3Client we use, so tests can pass a recording fake. */
export interface S3Sender {
  send(command: PutObjectCommand | CreateBucketCommand): Promise<unknown>;
}

/** Objects in an S3-compatible bucket; credentials come from the SDK's default provider chain. */
export function s3Storage(options: S3Options, client?: S3Sender): Storage {
  const region = options.region || 'us-east-1';
  const sender =
    client ?? new S3Client({ region, endpoint: options.endpoint, forcePathStyle: Boolean(options.endpoint) });
  const base = (
    options.publicUrl ||
    (options.endpoint
      ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
      : `https://${options.bucket}.s3.${region}.amazonaws.com`)
  ).replace(/\/$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await sender.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Keys are random and never reused.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    async createBucket(name) {
      try {
        await sender.send(new CreateBucketCommand({ Bucket: name }));
        return { created: true };
      } catch (error) {
        // Ours already. (BucketAlreadyExists — another account's — is passed on: the route says 409.)
        if ((error as { name?: string }).name === 'BucketAlreadyOwnedByYou') return { created: false };
        throw error;
      }
    },
  };
}
