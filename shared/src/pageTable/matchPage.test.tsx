import { firstCalls } from '../pages/firstCalls';
import { matchPage } from './matchPage';
import type { Page } from './pageTable';

const element = <p />;
const pages: Page[] = [
  { path: '/', element, firstCalls: () => [firstCalls.states(0)] },
  { path: '/Order/Edit/:orderId', element, firstCalls: (p) => [firstCalls.fundraiserOrder(Number(p.orderId))] },
  { path: '/Order/:fdid', element, firstCalls: (p) => [firstCalls.detailsForDevice(p.fdid!)] },
  { path: '/Order/:fdid/:cashcheck', element },
  { path: '/ActivateTicket/:guid/Confirmation/:phoneNumber?', element },
];

// The table is matched by React Router's own matching, as PageRoutes' <Routes> match it.
describe('matchPage', () => {
  it('ranks a static segment above a parameter, in any case, and decodes parameters', () => {
    expect(matchPage(pages, '/ORDER/EDIT/5')).toMatchObject({
      page: pages[1],
      params: { orderId: '5' },
      calls: [firstCalls.fundraiserOrder(5)],
    });
    expect(matchPage(pages, '/Order/Edit')?.calls).toEqual([firstCalls.detailsForDevice('Edit')]);
    expect(matchPage(pages, '/order/a%20b/')?.params).toEqual({ fdid: 'a b' });
  });

  it('matches the index, optional segments, and a page without first calls', () => {
    expect(matchPage(pages, '/')?.calls).toEqual([firstCalls.states(0)]);
    expect(matchPage(pages, '/ActivateTicket/g/Confirmation')?.page).toBe(pages[4]);
    expect(matchPage(pages, '/ActivateTicket/g/Confirmation/5551234567')?.params.phoneNumber).toBe('5551234567');
    expect(matchPage(pages, '/Order/x/7')).toMatchObject({ page: pages[3], calls: [] });
  });

  it('names no page for a path the table does not have', () => {
    for (const path of ['/Help', '/Order', '/Order/1/2/3', '/nowhere']) expect(matchPage(pages, path)).toBeUndefined();
  });
});
