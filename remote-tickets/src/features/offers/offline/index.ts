export { useRedemptions, SENT_NOTICE, isUnreachable, type SyncNotice } from './redemptions';
export { usePendingRedemptions, pendingCount } from './usePendingRedemptions';
export { redemptionQueue, type QueuedRedemption } from './redemptionQueue';
