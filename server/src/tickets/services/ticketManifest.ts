import type { WebManifest } from '@fu/shared/contracts';
import { GUID_PATTERN } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import type { TicketRepository } from '../repositories/tickets';

const DEFAULT_NAME = 'Fundraising University Tickets';
const DEFAULT_THEME_COLOR = '#112D48';

/** A wallet page's start_url names its ticket: /MyOffers|MyTicket|MyTeam/{guid}… (GUID_PATTERN without its anchors). */
const WALLET_PAGE = new RegExp(`^/(?:MyOffers|MyTicket|MyTeam)/(${GUID_PATTERN.slice(1, -1)})`, 'i');

/** A start_url for the manifest: a path on this site, never another origin. */
export function sameOriginPath(value: string, publicUrl: string): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GetManifest: the web app manifest a wallet page installs with (Add to Home Screen), named after
 * the ticket its start_url shows and coloured like its team; the defaults for any other page.
 */
export async function ticketManifest(
  tickets: TicketRepository,
  startUrlGiven: string,
  publicUrl: string,
): Promise<WebManifest> {
  const startUrl = sameOriginPath(startUrlGiven, publicUrl);
  if (!startUrl) throw new HttpError(400, text('server.error.startUrl'));
  let name = DEFAULT_NAME;
  let themeColor = DEFAULT_THEME_COLOR;
  const guid = WALLET_PAGE.exec(startUrl)?.[1];
  if (guid) {
    const resolved = await tickets.resolve(guid);
    if (resolved) {
      const { view } = await tickets.ticketView(resolved.ticket);
      name = resolved.ticket.name;
      if (view.team.primaryColorHex) themeColor = `#${view.team.primaryColorHex}`;
    }
  }
  return {
    name,
    short_name: 'My Ticket',
    start_url: startUrl,
    scope: '/',
    display: 'standalone',
    background_color: '#FFFFFF',
    theme_color: themeColor,
    icons: [{ src: '/images/discount-card.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
