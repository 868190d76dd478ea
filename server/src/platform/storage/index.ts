export type { Storage, StoredFile } from './storage';
export { localStorage, isSafeKey } from './localStorage';
export { StorageRefused } from './refused';
export { isUploadKey, newUploadKey } from './uploadKeys';
export { s3Storage, type S3Options } from './s3Storage';
