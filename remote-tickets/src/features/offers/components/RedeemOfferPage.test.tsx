import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { OFFLINE_MESSAGE } from '../../../components/OfflineBanner';
import { ticketsApi } from '../../wallet';
import { redemptionQueue, SENT_NOTICE, useRedemptions } from '../offline';
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

beforeEach(async () => {
  for (const saved of await redemptionQueue.all()) await redemptionQueue.remove(saved.key);
  useRedemptions.setState({ pending: [], notice: null, syncedVersion: 0 });
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
    expect(redeem).toHaveBeenCalledWith(SESSION, 3, expect.stringMatching(/^[0-9a-f-]{32,36}$/));
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

const noAnswer = () => new AxiosError('Network Error', 'ERR_NETWORK');
const answered = (offer = testOffer({ redeemedCount: 1 })) => ({
  success: true,
  message: 'Present this at Checkout',
  offer,
});

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** Back online: the 'online' event starts the send; waiting on sync() joins that same send. */
async function backOnline() {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
    await useRedemptions.getState().sync();
  });
}

async function confirmRedeem() {
  fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
}

describe('offline wallet', () => {
  it('says it is offline, saves a redemption made with no network and sends it once with its key when back online', async () => {
    const redeemed = testOffer({ ticketQty: 1, redeemedCount: 1, isRedeemed: true });
    // The page reads the offer afresh once the saved redemption reached the server.
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValueOnce(testOffer({ ticketQty: 1 }))
      .mockResolvedValue(redeemed);
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockResolvedValue(answered(redeemed));
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await screen.findByRole('button', { name: 'Redeem' });
    setOnline(false);
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeInTheDocument();

    await confirmRedeem();
    expect(await screen.findByRole('button', { name: 'Redemption pending' })).toBeInTheDocument();
    expect(screen.getByText(/Redemption pending: it is saved on this phone/)).toBeInTheDocument();
    expect(redeem).not.toHaveBeenCalled();
    const [saved] = await redemptionQueue.all();
    expect(saved).toMatchObject({ sessionGuid: SESSION, offerId: 3 });

    await backOnline();
    expect(redeem).toHaveBeenCalledTimes(1);
    expect(redeem).toHaveBeenCalledWith(SESSION, 3, saved!.key);
    expect(await screen.findByText(SENT_NOTICE)).toBeInTheDocument();
    // The offer is read afresh behind a spinner that lasts at least 300 ms.
    expect(await screen.findByRole('button', { name: 'Redeemed' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    expect(await redemptionQueue.all()).toEqual([]);
  });

  it('keeps a redemption whose request got no answer and resends the same key', async () => {
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer());
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockRejectedValueOnce(noAnswer()).mockResolvedValue(answered());
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await confirmRedeem();
    expect(await screen.findByText(/Redemption pending: it is saved on this phone/)).toBeInTheDocument();
    expect(screen.getByTestId('redemptions')).toHaveTextContent('Used 1 of 3');
    const firstKey = redeem.mock.calls[0]![2];

    await backOnline();
    expect(redeem).toHaveBeenCalledTimes(2);
    expect(redeem.mock.calls[1]![2]).toBe(firstKey);
    expect(await screen.findByText(SENT_NOTICE)).toBeInTheDocument();
  });

  it('drops a saved redemption the server refuses and says why', async () => {
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer({ ticketQty: 1 }));
    const conflict = new AxiosError('Conflict', '409', undefined, undefined, {
      status: 409,
      data: { message: 'This offer has already been redeemed' },
    } as AxiosResponse);
    jest.spyOn(ticketsApi, 'redeem').mockRejectedValueOnce(noAnswer()).mockRejectedValueOnce(conflict);
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await confirmRedeem();
    expect(await screen.findByRole('button', { name: 'Redemption pending' })).toBeInTheDocument();

    await backOnline();
    expect(
      await screen.findByText('A saved redemption was not accepted: This offer has already been redeemed'),
    ).toBeInTheDocument();
    expect(await redemptionQueue.all()).toEqual([]);
  });

  it('marks a saved redemption on the offers list and counts it as used', async () => {
    await redemptionQueue.add({ key: 'k'.repeat(20), sessionGuid: SESSION, offerId: 3, queuedAt: 1 });
    setOnline(false);
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer(), testOffer({ id: 4, ticketQty: 1 })]);
    renderAt(`/MyOffers/${SESSION}`);
    const offers = await screen.findAllByTestId('offer');
    expect(offers[0]).toHaveTextContent('2 left');
    expect(await within(offers[0]!).findByText('Redemption pending')).toBeInTheDocument();
    expect(within(offers[1]!).queryByText('Redemption pending')).not.toBeInTheDocument();
  });
});
