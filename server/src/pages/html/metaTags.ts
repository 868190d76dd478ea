import { escapeHtml } from './escape';

/** The site's own preview picture (1200×630 PNG; scripts/link-preview-image.mjs draws it). */
export const DEFAULT_PREVIEW_IMAGE = '/images/link-preview.png';

/** What a page tells link previews (Open Graph, Twitter cards) and search results about itself. */
export interface PageMeta {
  siteName: string;
  title: string;
  description: string;
  /** The page's address, without its query (which may hold a secret, such as a receipt's key). */
  url: string;
  image: { url: string; alt: string; wide: boolean };
}

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${escapeHtml(content)}">`;

/** The page's description, Open Graph and Twitter card tags. */
export function metaTags(page: PageMeta): string[] {
  return [
    meta('name', 'description', page.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
    meta('property', 'og:image', page.image.url),
    meta('property', 'og:image:alt', page.image.alt),
    meta('name', 'twitter:card', page.image.wide ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image.url),
    meta('name', 'twitter:image:alt', page.image.alt),
  ];
}
