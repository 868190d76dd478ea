import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The repository's root (where server/drizzle, shell/dist and the remotes' builds are): two folders
 * above this file in server/src and in server/dist, three above it in server/dist/chunks, where the
 * build puts the code each entry file loads once it has checked the Node.js version.
 */
export const repoRoot = path.resolve(here, path.basename(here) === 'chunks' ? '../../../../..' : '../../../..');
