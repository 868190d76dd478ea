import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

/**
 * A name safe to join under the upload directory (a key, or a bucket's directory): optionally under
 * one folder, no '..'. Which keys are served is `isUploadKey`.
 */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)?$/i.test(key) && !key.includes('..');
}

/** The file of a key in the root: never a path out of it. */
export function safeJoin(root: string, key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return path.join(root, key);
}

/**
 * Files in a directory on this server (UPLOAD_DIR), served back at `<publicUrl>/uploads/<key>`
 * by the static plugin. A "bucket" is a sub-directory.
 */
export function localStorage(options: { dir: string; publicUrl: string }): Storage {
  const root = path.resolve(options.dir);
  mkdirSync(root, { recursive: true });
  const base = `${options.publicUrl.replace(/\/$/, '')}/uploads`;
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = safeJoin(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // 'wx': keys are random; never overwrite an existing file.
      await writeFile(file, bytes, { flag: 'wx' });
      return `${base}/${key}`;
    },
    async createBucket(name) {
      const created = await mkdir(safeJoin(root, name), { recursive: true });
      return { created: created !== undefined };
    },
  };
}
