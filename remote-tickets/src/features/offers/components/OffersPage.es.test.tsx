import 'fake-indexeddb/auto';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { LanguageProvider, MemoryRouter, Route, Routes } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { redemptionQueue, useRedemptions } from '../offline';
import { okStatus, SESSION, testOffer, testSession } from '../../../testing/fixtures';
import { HistoryPage } from './HistoryPage';
import { OffersPage } from './OffersPage';
import { RedeemOfferPage } from './RedeemOfferPage';
import { CATALOG_KEY, readableText } from '@fu/shared/testing';

// The wallet in Spanish (issue 35): the offers page and the redeem page say every text of this
// remote from its catalog, and word the redemption times as es-US does ("3:42 p.m.").

function renderInSpanish(path: string) {
  render(
    <LanguageProvider language="es">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/MyOffers/:sessionGuid" element={<OffersPage />} />
          <Route path="/MyOffers/:sessionGuid/Redeem/:ticketOfferId" element={<RedeemOfferPage />} />
          <Route path="/MyOffers/:sessionGuid/History" element={<HistoryPage />} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
}

/** Freezes the clock the page reads (Date) at `now`, leaving the timers real (as RedeemOfferPage.test). */
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

const today = (hours: number, minutes: number) => {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at;
};

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

describe('the offers page in Spanish', () => {
  it('heads the wallet, says how to redeem, counts the uses left and names the tabs in Spanish', async () => {
    frozenAt(today(18, 5));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const redeemed = testOffer({
      id: 1,
      ticketQty: 1,
      redeemedCount: 1,
      isRedeemed: true,
      lastRedeemedAt: today(15, 42).toISOString(),
    });
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([testOffer({ redeemedCount: 2 }), redeemed]);
    renderInSpanish(`/MyOffers/${SESSION}`);

    const offers = await screen.findAllByTestId('offer');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis ofertas' })).toBeInTheDocument();
    expect(document.title).toContain('Mis ofertas');
    expect(
      screen.getByText('Muestre una oferta en la caja y toque Canjear cuando el cajero esté listo.'),
    ).toBeInTheDocument();
    expect(within(offers[0]!).getByText('Queda 1')).toBeInTheDocument();
    expect(within(offers[1]!).getByText('Canjeada')).toBeInTheDocument();
    expect(within(offers[1]!).getByText('Canjeada hoy, 3:42 p.m.')).toBeInTheDocument();
    fireEvent.click(offers[1]!);
    expect(alert).toHaveBeenCalled();

    const nav = screen.getByRole('navigation', { name: 'Boleto' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual(['Compras', 'Historial', 'Equipo', 'Inicio', 'Ofertas']);
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it('says the sample ticket only previews its offers, and an empty ticket has none yet', async () => {
    jest.spyOn(ticketsApi, 'sessionStatus').mockResolvedValue({ ...okStatus, sample: true });
    jest
      .spyOn(ticketsApi, 'session')
      .mockResolvedValue(testSession({ isTicket: true, isSession: false, ticketPurchaseGuid: null }));
    jest.spyOn(ticketsApi, 'offers').mockResolvedValue([]);
    renderInSpanish(`/MyOffers/${SESSION}`);
    expect(await screen.findByText('Este boleto todavía no tiene ofertas.')).toBeInTheDocument();
    expect(
      screen.getByText('Vista previa: estas ofertas se pueden canjear con un boleto comprado.'),
    ).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it('the history says what was used, and when, in Spanish', async () => {
    frozenAt(today(18, 5));
    jest
      .spyOn(ticketsApi, 'offers')
      .mockResolvedValue([
        testOffer({ id: 2, ticketQty: 5, redeemedCount: 2, lastRedeemedAt: today(15, 42).toISOString() }),
      ]);
    renderInSpanish(`/MyOffers/${SESSION}/History`);
    const [used] = await screen.findAllByTestId('used-offer');
    expect(screen.getByRole('heading', { level: 1, name: 'Historial de ofertas' })).toBeInTheDocument();
    expect(used).toHaveTextContent('Usos: 2 de 5 · último: hoy, 3:42 p.m.');
    expect(screen.getByRole('link', { name: 'Sus compras de boletos' })).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });
});

describe('the redeem page in Spanish', () => {
  it('shows the steps, asks again for a use soon after the last, and shows the proof in Spanish', async () => {
    frozenAt(today(15, 44));
    jest
      .spyOn(ticketsApi, 'offer')
      .mockResolvedValue(testOffer({ ticketQty: 5, redeemedCount: 1, lastRedeemedAt: today(15, 42).toISOString() }));
    jest.spyOn(ticketsApi, 'redeem').mockResolvedValue({
      success: true,
      message: 'Present this at Checkout',
      offer: testOffer({ ticketQty: 5, redeemedCount: 2, lastRedeemedAt: today(15, 44).toISOString() }),
      redeemedAt: today(15, 44).toISOString(),
    });
    renderInSpanish(`/MyOffers/${SESSION}/Redeem/3`);

    const redeem = await screen.findByRole('button', { name: 'Canjear' });
    expect(screen.getByRole('heading', { level: 1, name: 'Canjear oferta' })).toBeInTheDocument();
    expect(screen.getByTestId('redemptions')).toHaveTextContent('Usos: 1 de 5');
    expect(screen.getByRole('link', { name: 'Volver' })).toBeInTheDocument();
    expect(screen.getByText('Muestre esta pantalla al cajero antes de pagar.')).toBeInTheDocument();
    expect(screen.getByText('Toque Canjear cuando el cajero esté listo.')).toBeInTheDocument();
    expect(screen.getByText('Confirme y deje que el cajero vea la confirmación.')).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);

    fireEvent.click(redeem);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    const again = screen.getByRole('dialog', { name: '¿Canjear otra vez?' });
    expect(again).toHaveTextContent(
      'Esta oferta se usó por última vez hace 2 minutos (hoy, 3:42 p.m.). ¿Desea canjearla otra vez?',
    );
    expect(within(again).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Canjear otra vez' }));

    const proof = await screen.findByRole('dialog', { name: 'Comprobante de canje' });
    expect(proof).toHaveTextContent('Canjeada');
    expect(proof).toHaveTextContent('Canjeada hoy, 3:44 p.m.');
    expect(proof).toHaveTextContent('Quedan 3 usos');
    expect(proof).toHaveTextContent('Hora actual');
    expect(within(proof).getByTestId('live-clock')).toHaveTextContent(/^\d{1,2}:\d\d:\d\d [ap]\.m\.$/);
    expect(within(proof).getByRole('button', { name: 'Listo' })).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });
});
