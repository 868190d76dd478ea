import { GLOBAL_STYLES_ELEMENT_ID } from '@fu/shared';

/**
 * The server writes the global styles into every page it serves (server/src/pages/html/globalStyles.ts), so
 * the shell loads its own copy (about 4 KB of script, gzipped) only on a page without them: the dev
 * server's, or the offline worker's cached index.html.
 */
export async function ensureGlobalStyles(doc: Document = document): Promise<void> {
  if (doc.getElementById(GLOBAL_STYLES_ELEMENT_ID)) return;
  await import('./globalStyles');
}
