import { isGuid } from '@fu/shared/rules';
import type { DeviceRepository } from '../../students/repositories/devices';
import type { EngagementKind, OrderRepository } from '../../orders/repositories/orders';

/** Spec §9 engagement counters: page visits, contact and social link visits, share clicks. */
export function engagement(orders: OrderRepository, devices: DeviceRepository) {
  return {
    /** One more of `kind` for a link's guid; only 36-character guids count (spec §9). */
    async count(guid: string, kind: EngagementKind): Promise<{ counted: boolean }> {
      if (!isGuid(guid)) return { counted: false };
      await orders.increment(guid.toLowerCase(), kind);
      return { counted: true };
    },

    /** One more share click for a student page that exists. */
    async countShareClick(pageGuid: string): Promise<{ counted: boolean }> {
      const device = await devices.byGuid(pageGuid);
      if (!device) return { counted: false };
      await orders.increment(device.guid, 'share_clicks');
      return { counted: true };
    },
  };
}
