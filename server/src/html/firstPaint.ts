// The page as the server paints it before any script runs (issue 20): the shell's chrome (skip link,
// header, footer) and the route's heading and first content, in the global fp- classes the app's own
// components use (shared/src/firstPaint.css, inlined in the head with tokens.css), so the served
// boxes are the app's. The shell renders beside it and swaps itself in when its page is ready
// (shell/src/firstPaint). No form fields: what a person types belongs to the app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  FIRST_PAINT_ELEMENT_ID,
  pageRouteOf,
  stateListModeOf,
  teamHeaderLook,
  type TeamHeaderTeam,
} from '@fu/shared/pages';
import { showsHeader } from '@fu/shared/remotes';
import { escapeHtml } from './escape';

/** A page's first content, read for it (services/firstPaint.ts). */
export type FirstContent =
  { kind: 'states'; links: { text: string; href: string }[] } | { kind: 'team'; team: TeamHeaderTeam };

const require = createRequire(import.meta.url);
const sharedFile = (name: string) => readFileSync(require.resolve(`@fu/shared/${name}`));

/** The app's global styles for the first screen, as one `<style>` for the head. */
export function firstPaintStyle(): string {
  const css = ['tokens.css', 'firstPaint.css'].map((file) => sharedFile(file).toString('utf8')).join('\n');
  // The files are ours; still, nothing in them may close the element early.
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

// The header's logo as the shell's build inlines it (a small SVG becomes a data: URL).
const LOGO = `data:image/svg+xml;base64,${sharedFile('assets/logo-mark.svg').toString('base64')}`;

const attr = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

const HEADER =
  '<header class="fp-header"><a class="fp-brand" href="/">' +
  `<img${attr('src', LOGO)} alt="Fundraising University home" width="40" height="40">` +
  '<span class="fp-tagline">Fueled by Fundraising University</span></a></header>';

const LOADING =
  '<div class="fp-spinner" role="status" aria-live="polite"><span class="visually-hidden">Loading…</span></div>';

const FOOTER = '<footer class="fp-footer"><a href="/Help">Help &amp; Support</a></footer>';

/** React's style names to CSS's: backgroundImage → background-image; custom properties as they are. */
const cssName = (name: string) => (name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));

function teamHeader(team: TeamHeaderTeam): string {
  const { style, photo } = teamHeaderLook(team);
  const css = Object.entries(style)
    .map(([name, value]) => `${cssName(name)}:${value}`)
    .join(';');
  const logo = team.teamPhotoUrl
    ? `<img class="fp-team-logo"${attr('src', team.teamPhotoUrl)}${attr('alt', `${team.teamName} logo`)} width="96" height="96">`
    : '';
  return (
    `<main><header class="fp-team-header${photo ? ' fp-team-header-photo' : ''}"${css ? attr('style', css) : ''}>` +
    `${logo}<div><h1 class="fp-team-name">${escapeHtml(team.teamName)}</h1>` +
    `<p class="fp-school-name">${escapeHtml(team.schoolName)}</p></div></header></main>`
  );
}

function stateList(links: { text: string; href: string }[]): string {
  const items = links.map((link) => `<li><a${attr('href', link.href)}>${escapeHtml(link.text)}</a></li>`).join('');
  // As SelectStatePage draws it; an empty list is left to the app (its message and way on).
  return (
    `<main class="page"><h1>Select Fundraiser&#39;s State</h1>` +
    (links.length ? `<ul class="link-list" aria-label="States">${items}</ul>` : '') +
    '</main>'
  );
}

/** What the page's content area shows first: the state list's heading even when its states could not be read. */
function content(pathname: string, first: FirstContent | undefined): string {
  if (first?.kind === 'team') return teamHeader(first.team);
  if (first?.kind === 'states') return stateList(first.links);
  const route = pageRouteOf(pathname);
  if (route && stateListModeOf(route.path)) return stateList([]);
  // Nothing of this page is painted here: the app's loading spinner, until the app takes over.
  return LOADING;
}

/** The served first paint of the page at `pathname`, in the element the shell takes over from. */
export function firstPaintMarkup(pathname: string, first: FirstContent | undefined): string {
  return (
    `<div id="${FIRST_PAINT_ELEMENT_ID}"><div class="fp-frame">` +
    '<a class="fp-skip-link" href="#content">Skip to content</a>' +
    (showsHeader(pathname) ? HEADER : '') +
    `<div id="content" class="fp-content">${content(pathname, first)}</div>` +
    `${FOOTER}</div></div>`
  );
}
