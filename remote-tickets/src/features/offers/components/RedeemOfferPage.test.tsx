import { fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { okStatus, SESSION, testOffer, testSession } from '../../../testing/fixtures';
import { OffersPage } from './OffersPage';
import { RedeemOfferPage } from './RedeemOfferPage';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/MyOffers/:sessionGuid" element={<OffersPage />} />
        <Route path="/MyOffers/:sessionGuid/Redeem/:ticketOfferId" element={<RedeemOfferPage />} />
        <Route path="/ActivateTicket/:guid" element={<h1>Activate page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.spyOn(ticketsApi, 'sessionStatus').mockResolvedValue(okStatus);
  jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession());
});
afterEach(() => jest.restoreAllMocks());

describe('offers wallet', () => {
  it('lists offers; a redeemed one alerts instead of opening', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    jest
      .spyOn(ticketsApi, 'offers')
      .mockResolvedValue([testOffer(), testOffer({ id: 1, ticketQty: 1, redeemedCount: 1, isRedeemed: true })]);
    renderAt(`/MyOffers/${SESSION}`);
    const offers = await screen.findAllByTestId('offer');
    expect(offers[0]).toHaveAttribute('href', `/MyOffers/${SESSION}/Redeem/3`);
    expect(within(offers[1]!).getByText('Redeemed')).toBeInTheDocument();
    fireEvent.click(offers[1]!);
    expect(alert).toHaveBeenCalledWith('This offer has already been redeemed');
    expect(screen.getByRole('navigation', { name: 'Ticket' })).toHaveTextContent('PurchasesTeamHomeOffers');
  });

  it('sends a ticket not on this device to its activate page', async () => {
    jest
      .spyOn(ticketsApi, 'sessionStatus')
      .mockResolvedValue({ ...okStatus, success: false, redirect: `/ActivateTicket/${SESSION}` });
    renderAt(`/MyOffers/${SESSION}`);
    expect(await screen.findByRole('heading', { name: 'Activate page' })).toBeInTheDocument();
  });

  it('has no Purchases tab and no redeem links for the sample ticket', async () => {
    jest.spyOn(ticketsApi, 'sessionStatus').mockResolvedValue({ ...okStatus, sample: true });
    jest
      .spyOn(ticketsApi, 'session')
      .mockResolvedValue(testSession({ isTicket: true, isSession: false, ticketPurchaseGuid: null }));
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer({ purchaseGuid: null })]);
    renderAt(`/MyOffers/${SESSION}`);
    const [offer] = await screen.findAllByTestId('offer');
    expect(offer).not.toHaveAttribute('href');
    expect(screen.getByRole('navigation', { name: 'Ticket' })).toHaveTextContent('TeamHomeOffers');
  });
});

describe('redeem page', () => {
  it('confirms with "Present this at Checkout", redeems, and turns Redeem into Redeemed at ticketQty', async () => {
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer({ redeemedCount: 2 }));
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockResolvedValue({
      success: true,
      message: 'Present this at Checkout',
      offer: testOffer({ redeemedCount: 3, isRedeemed: true }),
    });
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    const dialog = screen.getByRole('dialog', { name: 'Present this at Checkout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Redeemed' })).toBeInTheDocument();
    expect(redeem).toHaveBeenCalledWith(SESSION, 3);
    expect(screen.getByTestId('redemptions')).toHaveTextContent('Used 3 of 3');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/MyOffers/${SESSION}/`);
  });

  it('alerts when the offer was used up meanwhile (409)', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer());
    const conflict = new AxiosError('Conflict', '409', undefined, undefined, {
      status: 409,
      data: { message: 'This offer has already been redeemed' },
    } as AxiosResponse);
    jest.spyOn(ticketsApi, 'redeem').mockRejectedValue(conflict);
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Redeemed' })).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('This offer has already been redeemed');
  });
});
