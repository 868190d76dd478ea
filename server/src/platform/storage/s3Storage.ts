import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Storage } from './storage';
import { s3Refusal } from './s3Refusals';
import { isUploadKey } from './uploadKeys';

export interface S3Options {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, fauxqs…); unset for AWS itself. Uses path-style addressing. */
  endpoint?: string;
  region?: string;
  /**
   * Public base URL of the bucket's objects (a CDN, or the bucket made public); unset, the API
   * serves them itself at <PUBLIC_URL>/uploads/<key>, so the bucket can stay private.
   */
  publicUrl?: string;
}

const errorName = (error: unknown) => (error as { name?: string }).name;
const httpStatus = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Objects in an S3-compatible bucket, which every instance reads and writes. Credentials come from
 * the SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the role of
 * the machine. `servedAt` is where the API serves the objects when there is no public URL. What S3
 * refuses (a permission missing, credentials it does not take) is thrown as a StorageRefused.
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
  // What S3 last refused of the pictures' reads and writes, until it next lets that operation through.
  const refusals = new Map<'read' | 'write', string>();
  const allowed = (operation: 'read' | 'write') => refusals.delete(operation);
  /** What to throw for `error`: a StorageRefused, remembered, when S3 refused `operation`; else `error`. */
  const failure = (operation: 'read' | 'write', error: unknown) => {
    const refusal = s3Refusal(error, operation);
    if (!refusal) return error;
    refusals.set(operation, refusal.message);
    return refusal;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      try {
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
        allowed('write');
        return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
      } catch (error) {
        throw failure('write', error);
      }
    },
    async get(key) {
      if (!isUploadKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        allowed('read');
        return { body: object.Body as Readable, contentType: object.ContentType, contentLength: object.ContentLength };
      } catch (error) {
        // Without s3:ListBucket, S3 answers a missing key with AccessDenied instead: a refusal like any other.
        if (errorName(error) !== 'NoSuchKey' && errorName(error) !== 'NotFound') throw failure('read', error);
        allowed('read');
        return undefined;
      }
    },
    async createBucket(name) {
      try {
        // AWS in us-east-1 (and fauxqs) answers 200 to creating a bucket its owner has already, as
        // if it made it: whether it is there is asked first.
        if (await isListable(client, name)) return { created: false };
        await client.send(new CreateBucketCommand({ Bucket: name }));
        return { created: true };
      } catch (error) {
        // Made since we asked (another instance, or a repeated request); outside us-east-1 also the
        // answer for a bucket of ours we may not list.
        if (errorName(error) === 'BucketAlreadyOwnedByYou') return { created: false };
        // BucketAlreadyExists, another account's, is passed on as it is (the route says 409). A
        // refusal is not remembered for the readiness warning: the admin app that asked is told.
        throw s3Refusal(error, 'create bucket') ?? error;
      }
    },
    refusals: () => [...refusals.values()],
  };
}

/**
 * Whether the bucket is there and ours to list (HeadBucket needs s3:ListBucket). A 404 or a 403
 * (another account's, or ours without that permission) is a no: CreateBucket tells them apart.
 */
async function isListable(client: S3Client, bucket: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return true;
  } catch (error) {
    if (httpStatus(error) === 404 || httpStatus(error) === 403) return false;
    throw error;
  }
}
