import { RUNTIME_CONFIG_ELEMENT_ID, SERVED_ANSWERS_ELEMENT_ID, type ServedAnswers } from '@fu/shared/pages';
import { SERVED_LANGUAGE_ATTRIBUTE, type Language } from '@fu/shared/i18n/languages';
import { escapeHtml, jsonForScript } from './escape';
import { metaTags, type PageMeta } from './metaTags';
import type { PageHints } from './pageHints';
import type { ShellTemplate } from './shellTemplate';

/** A page's own preview: its title and a sentence, and a picture when it has one. */
export interface PagePreview {
  title: string;
  description: string;
  image?: PageMeta['image'];
}

export interface PageContent {
  hints: PageHints;
  /** What /runtime-config.json answers, written into the page so the shell need not fetch it. */
  runtimeConfig: unknown;
  /** The page's public address (no query) and the site's own preview picture. */
  url: string;
  defaultImage: string;
  /** The page's own preview; without one, the site's (the build's title and description). */
  preview?: PagePreview;
  /** The build's description in the reader's language (the build's own when left out). */
  siteDescription?: string;
  /** The global styles' `<style>` (pages/html/globalStyles.ts). */
  style?: string;
  /** The first screen its release rendered, if it could (otherwise the app draws the page). */
  rendered?: RenderedPage;
  /** The reader's language: the page's `lang`, and the one the app starts in (it drew the first screen so). */
  language?: Language;
}

/**
 * A first screen as its release rendered it (pages/render/firstScreens.ts): the markup of `#root`, which
 * the app hydrates, the rules of the modules that drew it, and the answers it was rendered with,
 * which the app starts from.
 */
export interface RenderedPage {
  html: string;
  css: string;
  answers: ServedAnswers;
}

/** The shell's empty root element, as its build writes it (shared/src/index.html, minified: `<div id=root>`). */
const ROOT = /<div\s+id=(["']?)root\1\s*><\/div>/i;

const attribute = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

/** The build's `<html …>` tag (html-webpack-plugin may leave `lang=en` unquoted). */
const HTML_TAG = /<html\b[^>]*>/i;

/** The page's `<html>` in the reader's language, marked as the server's choice (SERVED_LANGUAGE_ATTRIBUTE). */
function inLanguage(head: string, language: Language | undefined): string {
  if (!language) return head;
  return head.replace(
    HTML_TAG,
    `<html${attribute('lang', language)}${attribute(SERVED_LANGUAGE_ATTRIBUTE, language)}>`,
  );
}

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

/**
 * The shell page for one request: the build's page with this page's title, tags, hints and runtime
 * config, and its first paint.
 */
export function renderPage(template: ShellTemplate, content: PageContent): string {
  const { preview } = content;
  const siteName = template.title;
  const meta: PageMeta = {
    siteName,
    title: preview?.title ?? siteName,
    description: preview?.description ?? content.siteDescription ?? template.description,
    url: content.url,
    image: preview?.image ?? { url: content.defaultImage, alt: siteName, wide: true },
  };
  const head = [
    // The tab's title as the pages write it ("… | Fundraising University").
    `<title>${escapeHtml(preview ? `${preview.title} | ${siteName}` : siteName)}</title>`,
    ...metaTags(meta),
    ...hintTags(content.hints),
    // A data block, not a script: the CSP's script-src has no say over it and nothing executes it.
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForScript(content.runtimeConfig)}</script>`,
  ];
  if (content.style) head.push(content.style);
  const { rendered } = content;
  const pageHead = inLanguage(template.head, content.language);
  if (rendered) {
    // The rules of the modules that drew it: styled before the remote's script (which adds them too) arrives.
    head.push(`<style id="fu-first-screen-styles">${rendered.css.replace(/<\/style/gi, '<\\/style')}</style>`);
    // The app hydrates #root as the release rendered it, from the answers after it (in the body: the
    // head is what a link preview's crawler reads). A function replacement: '$' in the markup stays.
    const body =
      `<div id="root">${rendered.html}</div>` +
      `<script type="application/json" id="${SERVED_ANSWERS_ELEMENT_ID}">${jsonForScript(rendered.answers)}</script>`;
    return pageHead + head.join('') + template.rest.replace(ROOT, () => body);
  }
  return pageHead + head.join('') + template.rest;
}
