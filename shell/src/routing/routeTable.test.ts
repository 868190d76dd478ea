import { remotes } from '@fu/shared/remotes';
import { remoteForPath, showsHeader } from './routeTable';

describe('route table', () => {
  it.each([
    ['/', 'ordering'],
    ['/SelectLocation', 'ordering'],
    ['/Give', 'ordering'],
    ['/Donate', 'ordering'],
    ['/Purchase/5/5551234567', 'ordering'],
    ['/SelectSchool/Texas/0/0', 'ordering'],
    ['/SelectTeam/1/0/0', 'ordering'],
    ['/Order/1/0/0', 'ordering'],
    ['/Order/Edit/7', 'ordering'],
    ['/Checkout/7', 'checkout'],
    ['/checkout/7', 'checkout'],
    ['/CheckoutCashCheck/7/1', 'checkout'],
    ['/checkoutcashcheck/7/1', 'checkout'],
    ['/Receipt/7', 'checkout'],
    ['/Receipts', 'checkout'],
    ['/receipts', 'checkout'],
    ['/Fundraiser/11111111-1111-4111-8111-111111111111', 'fundraiser'],
    ['/FundraiserOrders/abc', 'fundraiser'],
    ['/Fundraisers/abc', 'fundraiser'],
    ['/MyOffers/abc', 'tickets'],
    ['/MyOffers/abc/Redeem/3', 'tickets'],
    ['/TicketPreview/1', 'tickets'],
    ['/ActivateTicket/abc', 'tickets'],
    ['/activateticket/abc/Confirmation/5551234567', 'tickets'],
    ['/ReactivateTicket/abc', 'tickets'],
    ['/MyTicket/abc', 'tickets'],
    ['/MyTeam/abc', 'tickets'],
    ['/ManageDiscounts/abc', 'tickets'],
    ['/Team/4', 'tickets'],
  ])('%s is served by %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(remotes.flatMap((remote) => remote.routes.map((route) => [route, remote.name] as const)))(
    'sends %s, as the remote list says, in any case and with what follows it, to %s',
    (route, remote) => {
      expect(remoteForPath(route)).toBe(remote);
      expect(remoteForPath(route.toLowerCase())).toBe(remote);
      // '/' is the start page alone; every other route is a first segment with the rest after it.
      if (route !== '/') expect(remoteForPath(`${route}/7/x`)).toBe(remote);
    },
  );

  it('has no remote for unknown paths, so the shell shows its 404', () => {
    expect(remoteForPath('/nowhere')).toBeUndefined();
    expect(remoteForPath('/Help')).toBeUndefined();
  });

  it('hides the header on order pages and Help only', () => {
    expect(showsHeader('/Order/1/0/0')).toBe(false);
    expect(showsHeader('/order/edit/3')).toBe(false);
    expect(showsHeader('/Help')).toBe(false);
    expect(showsHeader('/')).toBe(true);
    expect(showsHeader('/Checkout/1')).toBe(true);
    expect(showsHeader('/Orders')).toBe(true);
  });
});
