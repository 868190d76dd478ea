import { isTeamPhotoType, TEAM_PHOTO_MESSAGE } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import { newUploadKey, type Storage } from '../../platform/storage';

/** What the bytes are, by their first bytes (magic numbers), whatever the part's label says. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/** Spec §7 api/AWSS3Controller: pictures for teams, tickets and vendors, kept by `storage` (S3 or a directory). */
export function adminFiles(storage: Storage) {
  return {
    async createBucket(bucketName: string): Promise<{ bucketName: string; created: boolean }> {
      try {
        const { created } = await storage.createBucket(bucketName);
        return { bucketName, created };
      } catch (error) {
        if ((error as { name?: string }).name === 'BucketAlreadyExists') {
          throw new HttpError(409, text('server.admin.bucketTaken', { bucketName }));
        }
        throw error;
      }
    },

    /**
     * Stores a PNG or JPEG whose bytes are of the type it is labelled with, under a new random name
     * (the client's file name is never used: it could collide, traverse or carry markup).
     */
    async storeImage(bytes: Buffer, mimetype: string): Promise<{ key: string; url: string }> {
      if (bytes.length === 0) throw new HttpError(400, 'The file is empty.');
      const declared = mimetype.toLowerCase();
      if (!isTeamPhotoType(declared)) throw new HttpError(400, TEAM_PHOTO_MESSAGE);
      if (sniffImage(bytes) !== declared) {
        throw new HttpError(400, text('server.admin.notThatImage', { type: EXTENSION[declared].toUpperCase() }));
      }
      const key = newUploadKey(declared);
      return { key, url: await storage.put(key, bytes, declared) };
    },
  };
}
