import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@fu/shared';
import { App } from './App';
import { ticketsApi } from './features/wallet';
import { okStatus, testOffer, testSession } from './testing/fixtures';

beforeEach(() => {
  jest.spyOn(ticketsApi, 'sessionStatus').mockResolvedValue(okStatus);
  jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession());
  jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer()]);
  jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer());
  jest
    .spyOn(ticketsApi, 'fundraisersTicket')
    .mockResolvedValue({ ticket: testSession().ticket, offers: [testOffer({ purchaseGuid: null })] });
  jest
    .spyOn(ticketsApi, 'checkSession')
    .mockResolvedValue({ success: true, redirect: null, active: false, sample: false, deactivated: false });
  jest.spyOn(ticketsApi, 'checkActivationLink').mockResolvedValue({ success: true, redirect: null, message: 'ok' });
  jest.spyOn(ticketsApi, 'purchases').mockRejectedValue(new Error('not in this test'));
});
afterEach(() => jest.restoreAllMocks());

describe('remote-tickets routes', () => {
  it.each([
    ['/MyOffers/abc', 'Offers'],
    ['/TicketPreview/1', 'Ticket Preview'],
    ['/MyOffers/abc/Redeem/3', 'Redeem Offer'],
    ['/activateticket/abc', 'Activate Your Ticket'],
    ['/ReactivateTicket/abc', 'Reactivate Your Ticket'],
    ['/ActivateTicket/abc/Confirmation', 'Check Your Phone'],
    ['/ActivateTicket/abc/Confirmation/5551234567', 'Check Your Phone'],
    ['/ActivateTicket/abc/RegisterDevice/5551234567', 'Register This Device'],
    ['/MyTeam/abc', 'Lincoln High School Varsity Football Resources'],
    ['/ManageDiscounts/abc', 'Your Ticket Purchases'],
    ['/Team/4', 'Team'],
  ])('%s shows %s', async (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
