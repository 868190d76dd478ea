import { HttpError, notFound } from '../../platform/http/errors';
import type { PurchaseRow, SessionRow, TicketRepository, TicketRow } from '../repositories/tickets';
import { sha256, tokenFrom } from '../../platform/security/tokens';

export const TICKET_ACCESS_MESSAGES = {
  noTicket: 'We could not find that ticket. Please check the link.',
  sampleOnly: 'This is a sample ticket for preview only. Offers can be used only on a purchased ticket.',
  revoked: 'This ticket is no longer active.',
} as const;

interface Purchased {
  session: SessionRow;
  purchase: PurchaseRow;
  ticket: TicketRow;
}

/**
 * What a browser may do with the ticket a link names (docs/tickets-api.md), worked out in one place
 * for every ticket call:
 * - `sample`: the guid is a ticket's own, the preview; nothing can be registered or redeemed;
 * - `revoked`: the purchase was revoked (`heldHere`: this browser held it, so it may still see its phone);
 * - `unactivated`: no device holds it (`importedActive`: it was activated before the import, so its
 *   phone is fixed and only that phone can bind a device);
 * - `boundElsewhere`: another device holds it (this browser sent no device cookie, or another one);
 * - `boundHere`: this browser holds it (`tokenHash` is its device token's hash).
 */
export type TicketAccess =
  | { state: 'sample'; ticket: TicketRow }
  | (Purchased & { state: 'revoked'; heldHere: boolean })
  | (Purchased & { state: 'unactivated'; importedActive: boolean })
  | (Purchased & { state: 'boundElsewhere' })
  | (Purchased & { state: 'boundHere'; tokenHash: string });

/** A purchased, not revoked ticket: the only kind that can be registered or redeemed. */
export type UsableTicket = Extract<TicketAccess, { state: 'unactivated' | 'boundElsewhere' | 'boundHere' }>;

/** The hash the database keeps of the device token in a cookie, if the cookie holds one of ours. */
function deviceTokenHash(deviceCookie: string | undefined): string | undefined {
  const token = tokenFrom(deviceCookie);
  return token ? sha256(token) : undefined;
}

/** Each call answers one state for (the guid in the link, this request's device cookie). */
export function ticketAccess(tickets: TicketRepository) {
  async function find(guid: string, deviceCookie?: string): Promise<TicketAccess | undefined> {
    const resolved = await tickets.resolve(guid);
    if (!resolved) return undefined;
    if (resolved.kind === 'sample') return { state: 'sample', ticket: resolved.ticket };
    const { session, purchase, ticket } = resolved;
    const purchased = { session, purchase, ticket };
    const held = session.deviceTokenHash;
    const heldHere = held !== null && held === deviceTokenHash(deviceCookie);
    if (purchase.revokedAt) return { ...purchased, state: 'revoked', heldHere };
    if (held === null) return { ...purchased, state: 'unactivated', importedActive: session.keyActivatedAt !== null };
    return heldHere ? { ...purchased, state: 'boundHere', tokenHash: held } : { ...purchased, state: 'boundElsewhere' };
  }

  /** The state, or a 404 for a guid that names no ticket. */
  async function orFail(guid: string, deviceCookie?: string): Promise<TicketAccess> {
    const access = await find(guid, deviceCookie);
    if (!access) throw notFound(TICKET_ACCESS_MESSAGES.noTicket);
    return access;
  }

  /** The state of a purchased, not revoked ticket: the sample is a 400, a revoked one a 410. */
  async function usableOrFail(guid: string, deviceCookie?: string): Promise<UsableTicket> {
    const access = await orFail(guid, deviceCookie);
    if (access.state === 'sample') throw new HttpError(400, TICKET_ACCESS_MESSAGES.sampleOnly);
    if (access.state === 'revoked') throw new HttpError(410, TICKET_ACCESS_MESSAGES.revoked);
    return access;
  }

  return { find, orFail, usableOrFail };
}
