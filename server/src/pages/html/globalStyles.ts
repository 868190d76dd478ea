import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GLOBAL_STYLES_ELEMENT_ID } from '@fu/shared/pages';

const require = createRequire(import.meta.url);
const sharedFile = (name: string) => readFileSync(require.resolve(`@fu/shared/${name}`));

/**
 * The site's global styles (tokens and the frame's fp- classes the shell's layout uses), as one
 * `<style>` for every page's head: the served first screen is styled at once, and the shell then
 * loads no copy of its own (shell/src/styles/ensureGlobalStyles.ts).
 */
export function globalStyles(): string {
  const css = ['tokens.css', 'firstPaint.css'].map((file) => sharedFile(file).toString('utf8')).join('\n');
  // The files are ours; still, nothing in them may close the element early.
  return `<style id="${GLOBAL_STYLES_ELEMENT_ID}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}
