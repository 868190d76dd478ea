export { useRedemptions, SENT_NOTICE, isUnreachable } from './redemptions';
export { usePendingRedemptions, pendingCount } from './usePendingRedemptions';
export { redemptionQueue, type QueuedRedemption } from './redemptionQueue';
