import {
  api,
  fundraiserLookups,
  GUID_LENGTH,
  type CreateOrderRequest,
  type FundraiserOrder,
  type ItemOptionBundles,
  type OptionBundle,
} from '@fu/shared';

/** The calls the order page makes (spec §7), with the spec's paths and parameter names. */
export const orderApi = {
  fundraiserDetails: (fundraiserId: number) =>
    api.get<FundraiserOrder>('/api/Fundraisers/GetFundraiserDetails', { params: { fundraiserId } }).then((r) => r.data),
  detailsForDevice: (fdid: string) =>
    api
      .get<FundraiserOrder>('/api/Fundraisers/GetFundraiserDetailsForDevice', { params: { fdid } })
      .then((r) => r.data),
  detailsForStudentContact: (contactGuid: string) =>
    api
      .get<FundraiserOrder>('/api/Fundraisers/GetFundraiserDetailsForStudentContact', { params: { contactGuid } })
      .then((r) => r.data),
  detailsForSocialMedia: (socialGuid: string) =>
    api
      .get<FundraiserOrder>('/api/Fundraisers/GetFundraiserDetailsForSocialMedia', { params: { socialGuid } })
      .then((r) => r.data),
  fundraiserOrder: (orderId: number) =>
    api
      .get<FundraiserOrder & { status: string }>('/api/Orders/GetFundraiserOrder', { params: { orderId } })
      .then((r) => r.data),
  /** Spec §8: a bundle fetch failure leaves no bundles. */
  bundlesForItem: (itemId: number) =>
    api
      .get<OptionBundle[]>('/api/Fundraisers/GetOptionBundlesForItem', { params: { itemId } })
      .then((r) => r.data)
      .catch(() => [] as OptionBundle[]),
  /** Every item's bundles in one call (3 requests for the page, not one per item). Spec §8: a failure leaves none. */
  bundlesForFundraiser: (fundraiserId: number) =>
    api
      .get<ItemOptionBundles[]>('/api/Fundraisers/GetOptionBundlesForFundraiser', { params: { fundraiserId } })
      .then((r) => r.data)
      .catch(() => [] as ItemOptionBundles[]),
  /** Issue 9: the team's goal and amount raised, for the progress bar under the team header. */
  progress: (fundraiserId: number) => fundraiserLookups.getProgress(fundraiserId),
  createOrder: (order: CreateOrderRequest) => api.post<number>('/api/Orders/CreateOrder', order).then((r) => r.data),
};

const ENGAGEMENT = {
  page: { path: '/api/Orders/IncrementPageVisits', field: 'fundraiserDeviceGuid' },
  contact: { path: '/api/Orders/IncrementStudentContactEngagement', field: 'studentContactGuid' },
  social: { path: '/api/Orders/IncrementSocialMediaEngagement', field: 'socialGuid' },
} as const;

export type EngagementKind = keyof typeof ENGAGEMENT;

/** Spec §5/§9: only 36-character guids count, once per browser session per guid; errors are only logged. */
export function countEngagementOnce(kind: EngagementKind, guid: string, storage: Storage = sessionStorage): void {
  if (guid.length !== GUID_LENGTH) return;
  const key = `fu:engagement:${kind}:${guid}`;
  try {
    if (storage.getItem(key)) return;
    storage.setItem(key, '1');
  } catch {
    // Private mode without storage: count anyway.
  }
  const { path, field } = ENGAGEMENT[kind];
  api.post(path, { [field]: guid }).catch((error: unknown) => console.error(`${path} failed`, error));
}
