import { createStore, del, set, values, type UseStore } from 'idb-keyval';

/** A redemption tapped at the register, kept on the phone (IndexedDB) until the server has it. */
export interface QueuedRedemption {
  /** Sent as Idempotency-Key: the server counts a key once however often it arrives. */
  key: string;
  sessionGuid: string;
  offerId: number;
  queuedAt: number;
}

let store: UseStore | undefined;
const redemptions = () => (store ??= createStore('fu-offline-wallet', 'redemptions'));

export const redemptionQueue = {
  add: (redemption: QueuedRedemption) => set(redemption.key, redemption, redemptions()),
  remove: (key: string) => del(key, redemptions()),
  /** Oldest first, so redemptions reach the server in the order they were tapped. */
  all: async () => (await values<QueuedRedemption>(redemptions())).sort((a, b) => a.queuedAt - b.queuedAt),
};

export function newRedemptionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
