import { create } from 'zustand';
import { errorMessage, gotNoAnswer, httpStatus, type TicketOffer } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { newRedemptionKey, redemptionQueue, type QueuedRedemption } from './redemptionQueue';

/** The English of tickets.notice.sent for one redemption: what the tests find. */
export const SENT_NOTICE = 'Your saved redemption has been sent.';

/**
 * What a send of saved redemptions did, for the wallet to say in the page's language
 * (RedemptionNotice): how many went through, and the server's reason for each it refused.
 */
export interface SyncNotice {
  sent: number;
  refused: string[];
}

/** No answer at all (no network), or a gateway that could not reach the API: worth sending again. */
export function isUnreachable(error: unknown): boolean {
  if (gotNoAnswer(error)) return true;
  const status = httpStatus(error);
  return status === 502 || status === 503 || status === 504;
}

/**
 * A tap's outcome: redeemed, with the offer as it is now and the server's time of the redemption; or
 * saved on the phone (`redemption`, with its key and when it was tapped) until it can be sent.
 */
export type RedeemResult =
  { status: 'redeemed'; offer: TicketOffer; redeemedAt: Date } | { status: 'pending'; redemption: QueuedRedemption };

interface RedemptionsState {
  /** Redemptions tapped on this phone that the server has not confirmed yet. */
  pending: QueuedRedemption[];
  /** What the last send of saved redemptions did, for the wallet to say. */
  notice: SyncNotice | null;
  /** Bumped when saved redemptions reached the server, so the pages read the offers afresh. */
  syncedVersion: number;
  load: () => Promise<void>;
  redeem: (sessionGuid: string, offerId: number) => Promise<RedeemResult>;
  sync: () => Promise<void>;
}

let syncing: Promise<void> | undefined;

/**
 * The same saved redemptions, in the same order. A store update re-renders its pages at once (a
 * store is read with useSyncExternalStore, which React never renders in slices), so opening the
 * wallet with nothing saved, the usual case, must not update it.
 */
function samePending(a: readonly QueuedRedemption[], b: readonly QueuedRedemption[]): boolean {
  return a.length === b.length && a.every((redemption, index) => redemption.key === b[index]!.key);
}

/**
 * The offline wallet's redemptions. A redemption is saved on the phone before it is sent and
 * removed once the server answers, so an answer lost on a weak signal is sent again with the same
 * key, which the server counts once (docs/offline-wallet.md).
 */
export const useRedemptions = create<RedemptionsState>()((set, get) => ({
  pending: [],
  notice: null,
  syncedVersion: 0,

  load: async () => {
    const pending = await redemptionQueue.all();
    if (!samePending(get().pending, pending)) set({ pending });
  },

  redeem: async (sessionGuid, offerId) => {
    const redemption = { key: newRedemptionKey(), sessionGuid, offerId, queuedAt: Date.now() };
    // Without IndexedDB (some private modes) the wallet still redeems online; it cannot queue.
    const saved = await redemptionQueue.add(redemption).then(
      () => true,
      () => false,
    );
    if (saved && !navigator.onLine) {
      await get().load();
      return { status: 'pending', redemption };
    }
    try {
      const { offer, redeemedAt } = await ticketsApi.redeem(sessionGuid, offerId, redemption.key);
      if (saved) await redemptionQueue.remove(redemption.key);
      // A server from before redeemedAt answers none: the phone's time is then the best there is.
      return { status: 'redeemed', offer, redeemedAt: redeemedAt ? new Date(redeemedAt) : new Date() };
    } catch (error) {
      if (saved && isUnreachable(error)) {
        await get().load();
        return { status: 'pending', redemption };
      }
      if (saved) await redemptionQueue.remove(redemption.key);
      throw error;
    }
  },

  // One send at a time: the page mounting and the 'online' event may both ask.
  sync: () =>
    (syncing ??= sendSaved()
      .then(({ sent, refused, pending }) => {
        const said = sent > 0 || refused.length > 0;
        if (!said && samePending(get().pending, pending)) return;
        set((state) => ({
          pending,
          notice: said ? { sent, refused } : state.notice,
          syncedVersion: sent || refused.length ? state.syncedVersion + 1 : state.syncedVersion,
        }));
      })
      .finally(() => (syncing = undefined))),
}));

/** Sends the saved redemptions, oldest first, until the network fails; what is left stays saved. */
async function sendSaved(): Promise<{ sent: number; refused: string[]; pending: QueuedRedemption[] }> {
  const saved = await redemptionQueue.all().catch(() => []);
  let sent = 0;
  const refused: string[] = [];
  for (const redemption of saved) {
    try {
      await ticketsApi.redeem(redemption.sessionGuid, redemption.offerId, redemption.key);
      sent++;
    } catch (error) {
      if (isUnreachable(error)) break;
      // Refused for good (used up meanwhile, ticket moved to another phone): say why, drop it.
      refused.push(errorMessage(error));
    }
    await redemptionQueue.remove(redemption.key);
  }
  return { sent, refused, pending: await redemptionQueue.all().catch(() => []) };
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void useRedemptions.getState().sync());
}
