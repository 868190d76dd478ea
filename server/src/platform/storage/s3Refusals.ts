import { StorageRefused } from './refused';

/** What the instance asks of S3. */
export type S3Operation = 'read' | 'write' | 'create bucket';

const errorName = (error: unknown) => (error as { name?: string }).name;

/** What each operation was, in the refusal's sentence. */
const DOING: Record<S3Operation, string> = {
  read: 'read an upload',
  write: 'store an upload',
  'create bucket': 'create a bucket',
};

/** The permissions each operation needs (docs/admin-api.md, "S3 permissions"). */
const NEEDS: Record<S3Operation, string> = {
  read: "s3:GetObject on the bucket's objects, and s3:ListBucket on the bucket for a missing picture to be a 404 rather than a refusal",
  write: "s3:PutObject on the bucket's objects",
  'create bucket': 's3:CreateBucket, and s3:ListBucket to recognise a bucket of its own that is already there',
};

/** S3's codes for credentials it does not take: an unknown key, a wrong secret, an expired or bad session token. */
const CREDENTIAL_CODES = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken']);

/**
 * `error` as a StorageRefused when S3 refused `operation` (AccessDenied), did not take the
 * credentials, or the AWS SDK found none, with a sentence telling the operator what to grant or
 * fix; undefined for anything else (S3 unreachable, timing out, failing).
 */
export function s3Refusal(error: unknown, operation: S3Operation): StorageRefused | undefined {
  const code = errorName(error);
  if (code === 'AccessDenied') {
    return new StorageRefused(
      `S3 refused to ${DOING[operation]} (AccessDenied): grant the instance's credentials ${NEEDS[operation]}.`,
      error,
    );
  }
  if (code !== undefined && CREDENTIAL_CODES.has(code)) {
    return new StorageRefused(
      `S3 did not accept the instance's credentials (${code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the profile or role the instance runs with.`,
      error,
    );
  }
  if (code === 'CredentialsProviderError') {
    return new StorageRefused(
      'The AWS SDK found no credentials for S3: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or a role for the instance.',
      error,
    );
  }
  return undefined;
}
