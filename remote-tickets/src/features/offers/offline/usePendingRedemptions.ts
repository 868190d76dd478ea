import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRedemptions } from './redemptions';

/**
 * A wallet page's view of the saved redemptions: those of this ticket, the last send's notice and
 * a version that changes when saved redemptions reached the server. Opening the page reads the
 * queue and, with a network, sends what is saved.
 */
export function usePendingRedemptions(sessionGuid: string) {
  const { pending, notice, syncedVersion } = useRedemptions(
    useShallow((state) => ({ pending: state.pending, notice: state.notice, syncedVersion: state.syncedVersion })),
  );
  useEffect(() => {
    const { load, sync } = useRedemptions.getState();
    void load()
      .catch(() => undefined)
      .then(() => (navigator.onLine ? sync() : undefined));
  }, [sessionGuid]);
  return { pending: pending.filter((redemption) => redemption.sessionGuid === sessionGuid), notice, syncedVersion };
}

/** How many of an offer's redemptions are saved on the phone but not yet sent. */
export const pendingCount = (pending: { offerId: number }[], offerId: number) =>
  pending.filter((redemption) => redemption.offerId === offerId).length;
