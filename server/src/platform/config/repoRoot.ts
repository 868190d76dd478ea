import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The repository's root (where server/drizzle, shell/dist and the remotes' builds are): the folder
 * that holds server/, read off this file's own path, which is under server/src in the source and
 * under server/dist (or server/dist/chunks) once built.
 */
export const repoRoot =
  /^(.*)[\\/]server[\\/](?:src|dist)(?:[\\/]|$)/.exec(here)?.[1] ?? path.resolve(here, '../../../..');
