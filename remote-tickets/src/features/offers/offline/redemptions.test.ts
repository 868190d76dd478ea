import 'fake-indexeddb/auto';
import { fakeApi } from '@fu/shared/testing';
import { redemptionQueue } from './redemptionQueue';
import { useRedemptions } from './redemptions';

const server = fakeApi();
const SESSION = 'a1a1a1a1-0000-4000-8000-000000000001';

beforeEach(async () => {
  for (const saved of await redemptionQueue.all()) await redemptionQueue.remove(saved.key);
  await useRedemptions.getState().load();
});

// Every store update re-renders the wallet at once (stores are never rendered in slices): opening
// the wallet with nothing saved, or nothing changed, must not update it.
it('opening the wallet with nothing saved leaves the store as it was', async () => {
  const updates = jest.fn();
  const unsubscribe = useRedemptions.subscribe(updates);
  try {
    await useRedemptions.getState().load();
    await useRedemptions.getState().sync();
    expect(updates).not.toHaveBeenCalled();
    expect(server.sent).toEqual([]);
  } finally {
    unsubscribe();
  }
});

it('a saved redemption, and its sending, still update the store', async () => {
  await redemptionQueue.add({ key: 'k'.repeat(20), sessionGuid: SESSION, offerId: 3, queuedAt: 1 });
  const updates = jest.fn();
  const unsubscribe = useRedemptions.subscribe(updates);
  try {
    await useRedemptions.getState().load();
    expect(useRedemptions.getState().pending.map((saved) => saved.offerId)).toEqual([3]);
    await useRedemptions.getState().load();
    expect(updates).toHaveBeenCalledTimes(1);
    server.answer({ offer: { ticketOfferId: 3 } });
    await useRedemptions.getState().sync();
    expect(useRedemptions.getState().pending).toEqual([]);
    expect(updates).toHaveBeenCalledTimes(2);
  } finally {
    unsubscribe();
  }
});
