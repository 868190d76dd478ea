// The page as the server paints it before any script runs (issue 20): the shell's chrome (skip link,
// header, footer) and the route's heading and first content, in the global fp- classes the app's own
// components use (shared/src/firstPaint.css, inlined in the head with tokens.css), so the served
// boxes are the app's. The shell renders beside it and swaps itself in when its page is ready
// (shell/src/firstPaint). No form fields: what a person types belongs to the app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACCESS_MESSAGES, type OrderView } from '@fu/shared/contracts';
import {
  checkoutHeading,
  coverFeesLabel,
  FIRST_PAINT_ELEMENT_ID,
  FUNDRAISER_ENDED,
  GLOBAL_STYLES_ELEMENT_ID,
  OFFERS_HEADING,
  ORDER_PAID_MESSAGE,
  ORDER_SUMMARY_CAPTION,
  orderEditPath,
  orderSummaryRows,
  orderSummaryTotal,
  pageRouteOf,
  PROGRESS_LOADING,
  REMINDERS_HEADING,
  REMINDERS_INVITATION,
  remindersStateLine,
  type RemindersState,
  SAMPLE_OFFERS_NOTE,
  stateListModeOf,
  STUDENT_QUESTION,
  studentPageTeamLine,
  TEAM_PROGRESS_LABEL,
  teamHeaderLook,
  walletTicketLine,
  YOUR_PROGRESS_LABEL,
  type TeamHeaderTeam,
} from '@fu/shared/pages';
import { showsHeader } from '@fu/shared/remotes';
import { escapeHtml } from './escape';

/** A page's first content, read for it (services/firstPaint.ts). */
export type FirstContent =
  | { kind: 'states'; links: { text: string; href: string }[] }
  /**
   * An order link: its team's header and, while it takes orders, the form's first question (below
   * its video's place when the team has one).
   */
  | { kind: 'team'; team: TeamHeaderTeam; orderForm: boolean; video: boolean }
  | {
      kind: 'studentPage';
      fundraiserName: string;
      studentName: string;
      teamName: string;
      schoolName: string;
      ended: boolean;
      /** Where the reminders stand (unanswered, off, waiting for the phone's confirmation, on). */
      reminders: RemindersState;
    }
  /** The offers wallet; the sample ticket's line when the link names a ticket's own guid. */
  | { kind: 'offers'; sample?: { name: string; schoolName: string; teamName: string } }
  /**
   * A checkout: its order for the browser that owns it; for any other browser key, and for an id no
   * order can have, the app's "not found" words; 'unknown' without a key on the page's path (the app
   * may still find the order through the API's cookie).
   */
  | { kind: 'checkout'; order: OrderView | 'notFound' | 'unknown' };

const require = createRequire(import.meta.url);
const sharedFile = (name: string) => readFileSync(require.resolve(`@fu/shared/${name}`));

/** The app's global styles for the first screen, as one `<style>` for the head (the shell then loads no copy). */
export function firstPaintStyle(): string {
  const css = ['tokens.css', 'firstPaint.css'].map((file) => sharedFile(file).toString('utf8')).join('\n');
  // The files are ours; still, nothing in them may close the element early.
  return `<style id="${GLOBAL_STYLES_ELEMENT_ID}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
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

// The static words are ours; escaped all the same, like any text the page writes.

/** A progress bar's place while its figures load, as ProgressBarPlaceholder draws it. */
const progressPlaceholder = (label: string, id: string) =>
  `<div class="fp-progress"><p class="fp-progress-label" id="${id}">${escapeHtml(label)}</p>` +
  `<p class="fp-progress-text">${escapeHtml(PROGRESS_LOADING)}</p>` +
  `<div class="fp-progress-track" role="progressbar" aria-labelledby="${id}" aria-busy="true"></div></div>`;

/** The team progress under the team header, while it loads (TeamProgress). */
const TEAM_PROGRESS =
  `<section class="fp-progress-section" aria-label="${escapeHtml(TEAM_PROGRESS_LABEL)}">` +
  `${progressPlaceholder(TEAM_PROGRESS_LABEL, 'fp-team-progress')}</section>`;

/** The student's progress while it loads, its rank's line kept (YourProgressPlaceholder). */
const YOUR_PROGRESS =
  `<section aria-label="${escapeHtml(YOUR_PROGRESS_LABEL)}">` +
  `${progressPlaceholder(YOUR_PROGRESS_LABEL, 'fp-your-progress')}` +
  '<p class="fp-rank" aria-hidden="true">&nbsp;</p></section>';

/** The reminders card's heading and first words for where they stand (RemindersCard), its buttons left to the app. */
function remindersCard(state: RemindersState): string {
  const words =
    state === 'unanswered'
      ? `<p>${escapeHtml(REMINDERS_INVITATION)}</p>`
      : `<p role="status">${escapeHtml(remindersStateLine(state))}</p>`;
  return (
    `<section class="fp-card" aria-labelledby="fp-reminders-heading">` +
    `<h2 id="fp-reminders-heading">${escapeHtml(REMINDERS_HEADING)}</h2>${words}</section>`
  );
}

/**
 * The order form's start as OrderForm draws it (the form's padding, the video's empty place, the
 * student section's heading), its fields left to the app.
 */
const orderFormStart = (video: boolean) =>
  `${TEAM_PROGRESS}<div class="page">${video ? '<div class="fp-video"></div>' : ''}` +
  `<h2>${escapeHtml(STUDENT_QUESTION)}</h2>${LOADING}</div>`;

function teamHeader({ team, orderForm, video }: Extract<FirstContent, { kind: 'team' }>): string {
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
    `<p class="fp-school-name">${escapeHtml(team.schoolName)}</p></div></header>` +
    `${orderForm ? orderFormStart(video) : ''}</main>`
  );
}

/** The order summary as OrderSummary draws it before the supporter ticks anything. */
function orderSummary(order: OrderView): string {
  const edit = orderEditPath(order.orderId);
  const rows = orderSummaryRows(order)
    .map(
      (row) =>
        `<tr><td>${escapeHtml(row.label)}</td><td>${escapeHtml(row.qty)}</td><td>${escapeHtml(row.price)}</td><td>` +
        (row.edits === undefined
          ? ''
          : `<a${attr('href', edit)}>Edit<span class="visually-hidden"> ${escapeHtml(row.edits)}</span></a>`) +
        '</td></tr>',
    )
    .join('');
  return (
    `<table class="fp-summary"><caption>${escapeHtml(ORDER_SUMMARY_CAPTION)}</caption>` +
    '<thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th>' +
    '<th scope="col"><span class="visually-hidden">Edit</span></th></tr></thead>' +
    `<tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="2">Total</th>` +
    `<td colspan="2">${escapeHtml(orderSummaryTotal(order))}</td></tr></tfoot></table>`
  );
}

/** CoverFeesBox's words in its box; the checkbox's place is kept empty for the app's. */
const coverFeesBox = (order: OrderView) =>
  order.coverFeesAmount > 0
    ? '<div class="fp-checkbox"><span class="fp-checkbox-place" aria-hidden="true"></span>' +
      `<span>${escapeHtml(coverFeesLabel(order))}</span></div>`
    : '';

/**
 * The checkout as CheckoutPage draws it: an unpaid order's summary and cover-fees box (its form
 * fields left to the app), a paid order's first line, or the words for no order of this browser's.
 */
function checkout({ order }: Extract<FirstContent, { kind: 'checkout' }>): string {
  const page = (testMode: boolean, body: string) =>
    `<main class="page"><h1>${escapeHtml(checkoutHeading(testMode))}</h1>${body}</main>`;
  if (order === 'unknown') return page(false, LOADING);
  if (order === 'notFound') return page(false, `<p role="alert">${escapeHtml(ACCESS_MESSAGES.orderNotFound)}</p>`);
  if (order.status === 'paid') return page(order.testMode, `<p role="status">${escapeHtml(ORDER_PAID_MESSAGE)}</p>`);
  return page(order.testMode, `${orderSummary(order)}${coverFeesBox(order)}${LOADING}`);
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

/**
 * The student's page as FundraiserPage draws its top: the fundraiser, the student, the team, the
 * progress's place and the reminders card.
 */
function studentPage(page: Extract<FirstContent, { kind: 'studentPage' }>): string {
  return (
    `<main class="page"><h1>${escapeHtml(page.fundraiserName)}</h1>` +
    `<p class="fp-student-name">${escapeHtml(page.studentName)}</p>` +
    `<p class="fp-student-team">${escapeHtml(studentPageTeamLine(page))}</p>` +
    (page.ended ? `<p role="status">${escapeHtml(FUNDRAISER_ENDED)}</p>` : '') +
    `${YOUR_PROGRESS}${remindersCard(page.reminders)}${LOADING}</main>`
  );
}

/** The offers wallet as OffersPage draws its top; the sample's lines inside TicketFrame's box. */
function offers({ sample }: Extract<FirstContent, { kind: 'offers' }>): string {
  const lines = sample
    ? `<div><p>${escapeHtml(walletTicketLine(sample))}</p><p role="note">${escapeHtml(SAMPLE_OFFERS_NOTE)}</p></div>`
    : '';
  return `<main class="page"><h1>${escapeHtml(OFFERS_HEADING)}</h1>${lines}${LOADING}</main>`;
}

/** What the page's content area shows first: the state list's heading even when its states could not be read. */
function content(pathname: string, first: FirstContent | undefined): string {
  switch (first?.kind) {
    case 'team':
      return teamHeader(first);
    case 'states':
      return stateList(first.links);
    case 'studentPage':
      return studentPage(first);
    case 'offers':
      return offers(first);
    case 'checkout':
      return checkout(first);
  }
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
