// Issue 35: every page of this remote in Spanish (docs/i18n.md), its heading from the catalog and no
// key left showing. The offers and redeem pages' texts are checked one by one in OffersPage.es.test.
import { render, screen } from '@testing-library/react';
import { LanguageProvider, MemoryRouter } from '@fu/shared';
import { App } from './App';
import { ticketsApi } from './features/wallet';
import { okStatus, PURCHASE, testOffer, testSession } from './testing/fixtures';
import { CATALOG_KEY, readableText } from '@fu/shared/testing';

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
  jest.spyOn(ticketsApi, 'purchases').mockResolvedValue({
    guid: PURCHASE,
    orderId: 1234,
    isComplimentary: false,
    ticketName: 'Lincoln Lions Discount Card',
    fundraiserName: 'Lincoln Football 2026',
    tickets: [1, 2].map((number) => ({
      number,
      of: 2,
      guid: `b1b1b1b1-0000-4000-8000-00000000000${number}`,
      link: `https://site.test/activateticket/b1b1b1b1-0000-4000-8000-00000000000${number}`,
      phone: number === 1 ? '5125550188' : null,
      activated: number === 1,
      keyActivatedAt: null,
    })),
  });
});
afterEach(() => jest.restoreAllMocks());

describe('remote-tickets in Spanish', () => {
  it.each([
    ['/MyOffers/abc', 'Mis ofertas', 'Muestre una oferta en la caja'],
    ['/MyOffers/abc/History', 'Historial de ofertas', 'Todavía no ha usado ninguna oferta con este boleto.'],
    ['/TicketPreview/1', 'Vista previa del boleto', 'Vista previa: estas ofertas vienen con el boleto digital.'],
    ['/MyOffers/abc/Redeem/3', 'Canjear oferta', 'Muestre esta pantalla al cajero antes de pagar.'],
    ['/activateticket/abc', 'Active su boleto', 'Número de teléfono'],
    ['/ReactivateTicket/abc', 'Reactive su boleto', 'Ingrese el número de teléfono registrado para este boleto.'],
    ['/ActivateTicket/abc/Confirmation', 'Revise su teléfono', 'al teléfono registrado para este boleto'],
    ['/ActivateTicket/abc/Confirmation/5551234567', 'Revise su teléfono', 'al (555) 123-4567'],
    ['/ActivateTicket/abc/RegisterDevice/5551234567', 'Registrar este dispositivo', 'Enviar un enlace'],
    ['/ActivateTicket/abc/RegisterDevice?code=123456', 'Registrar este dispositivo', 'un solo dispositivo'],
    ['/MyTicket/abc', 'Mi boleto', 'Lincoln High School Varsity Football'],
    ['/MyTeam/abc', 'Recursos de Lincoln High School Varsity Football', 'Schedule'],
    ['/ManageDiscounts/abc', 'Sus compras de boletos', 'Boleto canjeado por (512) 555-0188'],
    ['/ManageDiscounts/abc', 'Sus compras de boletos', 'Pedido n.º 1234 · Lincoln Lions Discount Card'],
    ['/Team/4', 'Equipo', 'Token de administrador'],
  ])('%s shows %s', async (path, heading, text) => {
    render(
      <LanguageProvider language="es">
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </LanguageProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });
});
