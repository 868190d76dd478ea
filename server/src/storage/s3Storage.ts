import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Storage } from './index';
import { isUploadKey } from './uploadKeys';

export interface S3Options {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); unset for AWS itself. Uses path-style addressing. */
  endpoint?: string;
  region?: string;
  /**
   * Public base URL of the bucket's objects (a CDN, or the bucket made public); unset, the API
   * serves them itself at <PUBLIC_URL>/uploads/<key>, so the bucket can stay private.
   */
  publicUrl?: string;
}

const errorName = (error: unknown) => (error as { name?: string }).name;

/**
 * Objects in an S3-compatible bucket, which every instance reads and writes. Credentials come from
 * the SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the role of
 * the machine. `servedAt` is where the API serves the objects when there is no public URL.
 */
export function s3Storage(options: S3Options, servedAt: string): Storage {
  const client = new S3Client({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint,
    // Self-hosted S3-compatible servers answer at <endpoint>/<bucket>, not at <bucket>.<endpoint>.
    forcePathStyle: Boolean(options.endpoint),
    // An upload or a picture must not wait forever on a storage that does not answer.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const base = (options.publicUrl || servedAt).replace(/\/$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
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
    async get(key) {
      if (!isUploadKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
        };
      } catch (error) {
        // Without s3:ListBucket, AWS answers a missing key with 403 AccessDenied, not NoSuchKey.
        if (['NoSuchKey', 'NotFound', 'AccessDenied'].includes(errorName(error) ?? '')) return undefined;
        throw error;
      }
    },
    async createBucket(name) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
        return { created: true };
      } catch (error) {
        if (errorName(error) === 'BucketAlreadyOwnedByYou') return { created: false };
        // Another account's, except on single-account servers (s3rver) that say so of our own:
        // a bucket we may read is ours. Anything else is passed on (the route says 409).
        if (errorName(error) === 'BucketAlreadyExists' && (await canRead(client, name))) return { created: false };
        throw error;
      }
    },
  };
}

async function canRead(client: S3Client, bucket: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return true;
  } catch {
    return false;
  }
}
