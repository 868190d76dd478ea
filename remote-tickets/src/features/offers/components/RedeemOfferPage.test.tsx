import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { OFFLINE_MESSAGE } from '../../../components/OfflineBanner';
import { ticketsApi } from '../../wallet';
import { redemptionQueue, SENT_NOTICE, useRedemptions } from '../offline';
import { okStatus, PURCHASE, SESSION, testOffer, testSession } from '../../../testing/fixtures';
import { HistoryPage } from './HistoryPage';
import { OffersPage } from './OffersPage';
import { RedeemOfferPage } from './RedeemOfferPage';
import { WAITING_TO_SYNC } from './RedemptionProof';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/MyOffers/:sessionGuid" element={<OffersPage />} />
        <Route path="/MyOffers/:sessionGuid/Redeem/:ticketOfferId" element={<RedeemOfferPage />} />
        <Route path="/MyOffers/:sessionGuid/History" element={<HistoryPage />} />
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
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/**
 * Freezes the clock the page reads (Date) at `now`, leaving the timers real: the pages' spinners and
 * IndexedDB run as usual while every time they word is fixed.
 */
function frozenAt(now: Date) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'performance',
    ],
  });
}

/** Today at a local time: what the phone shows is the phone's own clock. */
const today = (hours: number, minutes: number, seconds = 0) => {
  const at = new Date();
  at.setHours(hours, minutes, seconds, 0);
  return at;
};

describe('offers wallet', () => {
  it('lists offers; a redeemed one says when and alerts instead of opening', async () => {
    frozenAt(today(18, 5));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const redeemed = testOffer({
      id: 1,
      ticketQty: 1,
      redeemedCount: 1,
      isRedeemed: true,
      lastRedeemedAt: today(15, 42).toISOString(),
    });
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer(), redeemed]);
    renderAt(`/MyOffers/${SESSION}`);
    const offers = await screen.findAllByTestId('offer');
    expect(offers[0]).toHaveAttribute('href', `/MyOffers/${SESSION}/Redeem/3`);
    expect(within(offers[1]!).getByText('Redeemed')).toBeInTheDocument();
    expect(within(offers[1]!).getByText('Redeemed at 3:42 PM')).toBeInTheDocument();
    fireEvent.click(offers[1]!);
    expect(alert).toHaveBeenCalledWith('This offer has already been redeemed');
    // The buyer's browser (the server gave it the purchase guid): spec §2's Purchases leads to its
    // purchase, then this ticket's History and the rest.
    const tabs = within(screen.getByRole('navigation', { name: 'Ticket' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Purchases', 'History', 'Team', 'Home', 'Offers']);
    expect(tabs[0]).toHaveAttribute('href', `/ManageDiscounts/${PURCHASE}/`);
    expect(tabs[1]).toHaveAttribute('href', `/MyOffers/${SESSION}/History`);
    expect(tabs[4]).toHaveAttribute('aria-current', 'page');
  });

  it("a holder who is not the buyer gets no Purchases tab: the tabs lead to this ticket's own pages", async () => {
    jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession({ ticketPurchaseGuid: null }));
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer()]);
    renderAt(`/MyOffers/${SESSION}`);
    await screen.findAllByTestId('offer');
    const tabs = within(screen.getByRole('navigation', { name: 'Ticket' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['History', 'Team', 'Home', 'Offers']);
    expect(tabs.some((tab) => tab.getAttribute('href')?.includes('ManageDiscounts'))).toBe(false);
  });

  it('a used offer of another day says its date too', async () => {
    frozenAt(today(9, 0));
    const yesterday = today(15, 42);
    yesterday.setDate(yesterday.getDate() - 1);
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    jest
      .spyOn(ticketsApi, 'offers')
      .mockResolvedValue([
        testOffer({ ticketQty: 1, redeemedCount: 1, isRedeemed: true, lastRedeemedAt: yesterday.toISOString() }),
      ]);
    renderAt(`/MyOffers/${SESSION}`);
    const [offer] = await screen.findAllByTestId('offer');
    expect(offer).toHaveTextContent(`Redeemed ${months[yesterday.getMonth()]} ${yesterday.getDate()} at 3:42 PM`);
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

  it("History lists what this ticket used and when; only the buyer's browser gets a link to its purchase", async () => {
    frozenAt(today(18, 5));
    jest
      .spyOn(ticketsApi, 'offers')
      .mockResolvedValue([
        testOffer({ id: 2, ticketQty: 5, redeemedCount: 2, lastRedeemedAt: today(15, 42).toISOString() }),
        testOffer({ id: 3 }),
      ]);
    jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession({ ticketPurchaseGuid: null }));
    renderAt(`/MyOffers/${SESSION}/History`);
    const [used, ...rest] = await screen.findAllByTestId('used-offer');
    expect(rest).toEqual([]);
    expect(used).toHaveTextContent('Used 2 of 5 · last at 3:42 PM');
    expect(screen.queryByRole('link', { name: 'Your ticket purchases' })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Ticket' })).getAllByRole('link');
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
  });
});

describe('redeem page', () => {
  it('confirms with "Present this at Checkout", redeems, shows the proof, and turns Redeem into Redeemed at ticketQty', async () => {
    frozenAt(today(15, 43));
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer({ redeemedCount: 2 }));
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockResolvedValue({
      success: true,
      message: 'Present this at Checkout',
      offer: testOffer({ redeemedCount: 3, isRedeemed: true, lastRedeemedAt: today(15, 42, 30).toISOString() }),
      redeemedAt: today(15, 42, 30).toISOString(),
    });
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    const dialog = screen.getByRole('dialog', { name: 'Present this at Checkout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const proof = await screen.findByRole('dialog', { name: 'Redemption proof' });
    expect(within(proof).getByRole('heading', { name: 'Free small fries' })).toBeInTheDocument();
    expect(proof).toHaveTextContent('Burger Barn');
    expect(proof).toHaveTextContent('Redeemed at 3:42 PM');
    expect(proof).toHaveTextContent('No uses left');
    expect(proof).toHaveTextContent('Lincoln Lions Discount Card · Lincoln High School Varsity Football');
    expect(within(proof).getByTestId('live-clock')).toHaveTextContent('3:43:00 PM');
    expect(proof).not.toHaveTextContent(WAITING_TO_SYNC);
    fireEvent.click(within(proof).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Redemption proof' })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Redeemed' })).toBeInTheDocument();
    expect(redeem).toHaveBeenCalledWith(SESSION, 3, expect.stringMatching(/^[0-9a-f-]{32,36}$/));
    expect(screen.getByTestId('redemptions')).toHaveTextContent('Used 3 of 3');
    expect(screen.getByText('Redeemed at 3:42 PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/MyOffers/${SESSION}/`);
  });

  it('a used offer keeps the alert and says when it was redeemed', async () => {
    frozenAt(today(18, 0));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValue(
        testOffer({ ticketQty: 1, redeemedCount: 1, isRedeemed: true, lastRedeemedAt: today(15, 42).toISOString() }),
      );
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeemed' }));
    expect(alert).toHaveBeenCalledWith('This offer has already been redeemed');
    expect(screen.getByText('Redeemed at 3:42 PM')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a multi-use offer used again soon', () => {
  const answer = (redeemedCount: number, at: Date) => ({
    success: true,
    message: 'Present this at Checkout',
    offer: testOffer({ ticketQty: 5, redeemedCount, lastRedeemedAt: at.toISOString() }),
    redeemedAt: at.toISOString(),
  });

  it('asks a second time, saying when it was last used, before redeeming', async () => {
    frozenAt(today(15, 44));
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValue(testOffer({ ticketQty: 5, redeemedCount: 1, lastRedeemedAt: today(15, 42).toISOString() }));
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockResolvedValue(answer(2, today(15, 44)));
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await confirmRedeem();
    const again = screen.getByRole('dialog', { name: 'Redeem again?' });
    expect(again).toHaveTextContent('This offer was last used at 3:42 PM, 2 minutes ago. Redeem it again?');
    expect(redeem).not.toHaveBeenCalled();

    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(redeem).not.toHaveBeenCalled();

    await confirmRedeem();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Redeem again?' })).getByRole('button', { name: 'Redeem Again' }),
    );
    const proof = await screen.findByRole('dialog', { name: 'Redemption proof' });
    expect(redeem).toHaveBeenCalledTimes(1);
    expect(proof).toHaveTextContent('3 uses left');
  });

  it("asks nothing once the server's window has passed, and asks again right after a redemption", async () => {
    frozenAt(today(16, 20));
    jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession({ repeatWarningMinutes: 30 }));
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValue(testOffer({ ticketQty: 5, redeemedCount: 1, lastRedeemedAt: today(15, 42).toISOString() }));
    const redeem = jest.spyOn(ticketsApi, 'redeem').mockResolvedValue(answer(2, today(16, 20)));
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await confirmRedeem();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Redemption proof' })).getByRole('button', { name: 'Done' }),
    );
    expect(redeem).toHaveBeenCalledTimes(1);

    await confirmRedeem();
    expect(screen.getByRole('dialog', { name: 'Redeem again?' })).toHaveTextContent(
      'This offer was last used at 4:20 PM, less than a minute ago.',
    );
  });

  it('uses the window the server gives: 0 never asks', async () => {
    frozenAt(today(15, 44));
    jest.spyOn(ticketsApi, 'session').mockResolvedValue(testSession({ repeatWarningMinutes: 0 }));
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValue(testOffer({ ticketQty: 5, redeemedCount: 1, lastRedeemedAt: today(15, 43).toISOString() }));
    jest.spyOn(ticketsApi, 'redeem').mockResolvedValue(answer(2, today(15, 44)));
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    await confirmRedeem();
    expect(await screen.findByRole('dialog', { name: 'Redemption proof' })).toBeInTheDocument();
  });

  it('counts a redemption saved offline as a use', async () => {
    frozenAt(today(15, 44));
    await redemptionQueue.add({
      key: 'saved-key-00000000001',
      sessionGuid: SESSION,
      offerId: 3,
      queuedAt: today(15, 43).getTime(),
    });
    setOnline(false);
    jest.spyOn(ticketsApi, 'offer').mockResolvedValue(testOffer({ ticketQty: 5, redeemedCount: 0 }));
    renderAt(`/MyOffers/${SESSION}/Redeem/3`);
    expect(await screen.findByTestId('redemptions')).toHaveTextContent('Used 1 of 5');
    await confirmRedeem();
    expect(screen.getByRole('dialog', { name: 'Redeem again?' })).toHaveTextContent(
      'last used at 3:43 PM, 1 minute ago',
    );
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
  redeemedAt: new Date().toISOString(),
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
    // The same proof as online, marked as waiting to sync.
    const proof = await screen.findByRole('dialog', { name: 'Redemption proof' });
    expect(proof).toHaveTextContent(WAITING_TO_SYNC);
    expect(proof).toHaveTextContent('Free small fries');
    expect(proof).toHaveTextContent(/Redeemed at \d{1,2}:\d\d [AP]M/);
    expect(proof).toHaveTextContent('No uses left');
    expect(within(proof).getByTestId('live-clock')).toHaveTextContent(/^\d{1,2}:\d\d:\d\d [AP]M$/);
    expect(screen.getByRole('button', { name: 'Redemption pending' })).toBeInTheDocument();
    expect(screen.getByText(/Redemption pending: it is saved on this phone/)).toBeInTheDocument();
    expect(redeem).not.toHaveBeenCalled();
    const [saved] = await redemptionQueue.all();
    expect(saved).toMatchObject({ sessionGuid: SESSION, offerId: 3 });

    await backOnline();
    // Sent: the proof stays, and no longer says it waits.
    expect(await screen.findByText(SENT_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Redemption proof' })).not.toHaveTextContent(WAITING_TO_SYNC);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
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
