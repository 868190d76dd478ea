import { RUNTIME_CONFIG_ELEMENT_ID } from '@fu/shared/pages';
import { escapeHtml, jsonForScript } from './escape';
import type { PageHints } from './pageHints';
import type { ShellTemplate } from './shellTemplate';

export interface PageContent {
  /** The tab's title and the page's description; the build's own when absent. */
  title?: string;
  description?: string;
  hints: PageHints;
  /** What /runtime-config.json answers, written into the page so the shell need not fetch it. */
  runtimeConfig: unknown;
}

const attribute = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

/**
 * The head tags of the hints. The remote's entry is preloaded without crossorigin, as the federation
 * runtime adds it (a plain script): a preload whose mode differs is not reused and the entry is
 * fetched twice. Its chunks and the API calls are CORS requests without credentials to another
 * origin (webpack's crossOriginLoading 'anonymous'; the API's own origin sends its cookies anyway).
 */
export function hintTags(hints: PageHints): string[] {
  return [
    // Two connections: the entry's (credentialed, like any plain script) and the chunks' (anonymous).
    ...hints.preconnect.flatMap((origin) => [
      `<link rel="preconnect"${attribute('href', origin)}>`,
      `<link rel="preconnect"${attribute('href', origin)} crossorigin="anonymous">`,
    ]),
    ...(hints.entry ? [`<link rel="preload" as="script"${attribute('href', hints.entry)}>`] : []),
    ...hints.chunks.map(
      (chunk) => `<link rel="preload" as="script"${attribute('href', chunk)} crossorigin="anonymous">`,
    ),
    ...hints.calls.map((call) => `<link rel="preload" as="fetch"${attribute('href', call)} crossorigin="anonymous">`),
  ];
}

/** The shell page for one request: the build's page with this page's title, hints and runtime config. */
export function renderPage(template: ShellTemplate, content: PageContent): string {
  const head = [
    `<title>${escapeHtml(content.title ?? template.title)}</title>`,
    `<meta name="description"${attribute('content', content.description ?? template.description)}>`,
    ...hintTags(content.hints),
    // A data block, not a script: the CSP's script-src has no say over it and nothing executes it.
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForScript(content.runtimeConfig)}</script>`,
  ];
  return template.head + head.join('') + template.rest;
}
