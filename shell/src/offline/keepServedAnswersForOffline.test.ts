/** @jest-environment node */
import { keepServedAnswersForOffline } from './keepServedAnswersForOffline';
import { WALLET_API_CACHE } from '../sw/routes';

/** A page at https://site.example, with or without a controlling worker, whose caches are recorded. */
function pageScope(controlled = true) {
  const put = new Map<string, Response>();
  const opened: string[] = [];
  const scope = {
    location: { href: 'https://site.example/MyOffers/s1', origin: 'https://site.example' },
    navigator: { serviceWorker: { controller: controlled ? {} : null } },
    caches: {
      open: async (name: string) => {
        opened.push(name);
        return { put: async (url: string, response: Response) => void put.set(url, response) };
      },
    },
  } as unknown as Window;
  return { scope, put, opened };
}

const answers = {
  '/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=s1': { status: 200, data: { success: true } },
  '/api/Tickets/GetOffers?ticketPurchaseSessionGuid=s1': { status: 200, data: [{ id: 3 }] },
  // Not a wallet read: never cached, served or not.
  '/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=f1': { status: 200, data: { phone: '5125550142' } },
};

it("puts the served wallet reads in the worker's wallet cache, as the API answered them", async () => {
  const { scope, put, opened } = pageScope();
  await keepServedAnswersForOffline(answers, '', scope);
  expect(opened).toEqual([WALLET_API_CACHE]);
  expect([...put.keys()].sort()).toEqual([
    'https://site.example/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=s1',
    'https://site.example/api/Tickets/GetOffers?ticketPurchaseSessionGuid=s1',
  ]);
  const offers = put.get('https://site.example/api/Tickets/GetOffers?ticketPurchaseSessionGuid=s1')!;
  expect(offers.status).toBe(200);
  expect(offers.headers.get('content-type')).toBe('application/json');
  await expect(offers.json()).resolves.toEqual([{ id: 3 }]);
});

it('keeps nothing on a page no worker controls, or for an API on another origin (which the worker does not cache)', async () => {
  const uncontrolled = pageScope(false);
  await keepServedAnswersForOffline(answers, '', uncontrolled.scope);
  expect(uncontrolled.opened).toEqual([]);
  const elsewhere = pageScope();
  await keepServedAnswersForOffline(answers, 'https://api.example', elsewhere.scope);
  expect(elsewhere.put.size).toBe(0);
});

it('survives storage that refuses', async () => {
  const { scope } = pageScope();
  (scope as unknown as { caches: { open: () => Promise<never> } }).caches.open = () =>
    Promise.reject(new Error('QuotaExceededError'));
  await expect(keepServedAnswersForOffline(answers, '', scope)).resolves.toBeUndefined();
});
