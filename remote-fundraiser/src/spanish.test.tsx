// Issue 35: the student's pages and the parent's consent page in Spanish (docs/i18n.md), every text
// from the catalogs and no key left showing.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  PAYMENT_TYPES,
  type FundraiserDevice,
  type ParentConsentView,
  type StudentProgress,
  type TeamStandings,
} from '@fu/shared';
import { deviceApi, FundraiserPage } from './features/device-page';
import { MyFundraisersPage, myFundraisersApi } from './features/my-fundraisers';
import { FundraiserOrdersPage, ordersApi } from './features/orders';
import { parentalConsentApi, ParentConsentPage } from './features/parental-consent';
import { remindersApi } from './features/reminders';
import { testDevice } from './testing/testDevice';
import { expectNoCatalogKey, renderInSpanish } from '@fu/shared/testing';

const GUID = '11111111-1111-4111-8111-111111111111';
const QR_URL = 'https://site.test/Order/Contact/44444444-4444-4444-8444-444444444444';

const ownProgress: StudentProgress = {
  goalCents: 50000,
  raisedCents: 8600,
  cashCheckCents: 0,
  rank: 2,
  studentCount: 4,
};
const teamProgress: TeamStandings = {
  fundraiserId: 1,
  goalCents: 200000,
  goalPerStudentCents: 50000,
  raisedCents: 8600,
  cashCheckCents: 0,
  studentCount: 4,
  leaderboard: [],
};

function renderStudentPage(device: FundraiserDevice) {
  jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(device);
  jest.spyOn(deviceApi, 'progress').mockResolvedValue(ownProgress);
  jest.spyOn(deviceApi, 'teamProgress').mockResolvedValue(teamProgress);
  if (device.privacy.isPrivate) jest.spyOn(deviceApi, 'qrCode').mockRejectedValue(new Error('private'));
  else jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: QR_URL });
  renderInSpanish(`/Fundraiser/${GUID}`, '/Fundraiser/:fundraiserDeviceGuid', <FundraiserPage />);
}

afterEach(() => {
  jest.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});

describe('the student page in Spanish', () => {
  it('shows its progress, buttons, QR code, reminders and delete card in Spanish, and shares a Spanish text', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    jest.spyOn(deviceApi, 'countShare').mockResolvedValue(undefined);
    renderStudentPage(testDevice());

    expect(await screen.findByTestId('student-rank')).toHaveTextContent('Puesto 2 de 4 estudiantes');
    expect(screen.getByRole('link', { name: /Pedidos/ })).toHaveAttribute('href', `/FundraiserOrders/${GUID}`);
    expect(screen.getByRole('link', { name: 'Vista previa del boleto digital' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¿Nuevo pedido (efectivo / cheque)?' })).toBeInTheDocument();
    expect(screen.getByTitle(`Código QR de ${QR_URL}`)).toBeInTheDocument();
    expect(screen.getByText('Escanee para hacer un pedido')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis recaudaciones de fondos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Eliminar esta página' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Enviarme por mensaje de texto un enlace para eliminarla' }),
    ).toBeInTheDocument();
    const board = await screen.findByRole('region', { name: 'Clasificación del equipo' });
    expect(board).toHaveTextContent('Equipo: ');
    expect(board).toHaveTextContent('¡Comparta su página para encabezar la clasificación!');

    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('¡Gracias por compartir!')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Apoye a Varsity Football',
        text: '¡Ayude a Jordan a recaudar fondos para Varsity Football de Lincoln High School! Nuestra meta es $500. Haga su pedido o done aquí:',
      }),
    );
    expectNoCatalogKey();
  });

  it('a private page asks the age question, then for a parent, in Spanish', async () => {
    const privacy = { parentConfirmed: false, isPrivate: true, textsPhone: null };
    renderStudentPage(testDevice({ socialGuid: null, privacy: { ...privacy, studentIs13OrOlder: null } }));
    expect(await screen.findByRole('heading', { name: '¿El estudiante tiene 13 años o más?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sí' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
    expectNoCatalogKey();

    jest
      .spyOn(parentalConsentApi, 'answerAge')
      .mockResolvedValue({ ...privacy, studentIs13OrOlder: false, textsPhone: null });
    jest
      .spyOn(deviceApi, 'myFundraiser')
      .mockResolvedValue(testDevice({ socialGuid: null, privacy: { ...privacy, studentIs13OrOlder: false } }));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(
      await screen.findByRole('heading', { name: 'Su madre, padre o tutor debe confirmar esta página' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/La página de Jordan seguirá siendo privada/)).toBeInTheDocument();
    expect(screen.getByLabelText('Número de celular de la madre, padre o tutor')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Enviar el enlace por mensaje de texto a la madre, padre o tutor' }),
    ).toBeInTheDocument();
    expectNoCatalogKey();
  });
});

describe('My Fundraisers in Spanish', () => {
  it('lists the pages and their reminders in Spanish', async () => {
    jest.spyOn(myFundraisersApi, 'list').mockResolvedValue([
      {
        guid: 'g-2',
        fundraiserName: 'Spring Drive',
        teamName: 'Band',
        schoolName: 'Lincoln',
        isActive: false,
        isOptedIn: false,
      },
    ]);
    jest.spyOn(remindersApi, 'deviceInfo').mockResolvedValue({
      guid: 'g-1',
      phone: '5125550100',
      isOptedIn: false,
      phoneConfirmed: false,
      phoneConfirmedHere: false,
      studentFirstName: 'J',
      studentLastName: 'R',
    });
    renderInSpanish('/Fundraisers/g-1', '/Fundraisers/:fdid', <MyFundraisersPage />);
    expect(await screen.findByRole('link', { name: /Spring Drive.*finalizada/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis recaudaciones de fondos' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Enviarme un enlace de confirmación por mensaje de texto' }),
    ).toBeVisible();
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Desactivados');
    expect(screen.getByTestId('reminders-state').parentElement).toHaveTextContent(
      'Recordatorios por mensaje de texto: Desactivados',
    );
    expectNoCatalogKey();
  });
});

describe('the orders page in Spanish', () => {
  it('counts, names and dates the orders in Spanish', async () => {
    jest.spyOn(ordersApi, 'list').mockResolvedValue([
      {
        orderId: 9,
        createdAt: '2026-11-20T15:00:00.000Z',
        paymentTypeId: PAYMENT_TYPES.cash,
        donor: { firstName: '', lastName: '', phone: null },
        fromTeamPage: true,
        ordersItems: [{ name: 'Cookie Dough: Chocolate Chip', amount: 2, price: 1800 }],
        donation: 5000,
        orderTotal: 8600,
      },
    ]);
    renderInSpanish('/FundraiserOrders/abc', '/FundraiserOrders/:fdid', <FundraiserOrdersPage />);
    const order = await screen.findByTestId('device-order');
    expect(screen.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi página' })).toHaveAttribute('href', '/Fundraiser/abc');
    expect(screen.getByTestId('orders-count')).toHaveTextContent('1 pedido · $86.00');
    expect(order).toHaveTextContent('Un colaborador en la página del equipo');
    expect(order).toHaveTextContent(/^.*Pedido n\.º 9 · .+ · 20 nov/);
    expect(order).toHaveTextContent('Donación');
    expect(order).toHaveTextContent('Total');
    expectNoCatalogKey();
  });

  it('says so when there are no orders yet', async () => {
    jest.spyOn(ordersApi, 'list').mockResolvedValue([]);
    renderInSpanish('/FundraiserOrders/abc', '/FundraiserOrders/:fdid', <FundraiserOrdersPage />);
    expect(
      await screen.findByText('Todavía no hay pedidos. ¡Comparta su página para recibir el primero!'),
    ).toBeInTheDocument();
    expectNoCatalogKey();
  });
});

describe('the parent consent page in Spanish (COPPA)', () => {
  const view: ParentConsentView = {
    studentFirstName: 'Mia',
    studentLastName: 'O.',
    fundraiserName: 'Varsity Football Fall Fundraiser',
    teamName: 'Varsity Football',
    schoolName: 'Lincoln High School',
    parentPhone: '5125550199',
    pagePhone: '***-***-0142',
    ordersSoFar: 2,
    expiresAt: '2027-01-12T16:00:00.000Z',
  };

  it('says what is kept and what texts come, in Spanish, naming the parent "madre, padre o tutor legal"', async () => {
    jest.spyOn(parentalConsentApi, 'view').mockResolvedValue(view);
    renderInSpanish('/ParentConsent/token', '/ParentConsent/:token', <ParentConsentPage />);
    expect(
      await screen.findByText(
        /Como Mia es menor de 13 años, primero debe dar su consentimiento su madre, padre o tutor legal\./,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirme la página de recaudación de su hijo o hija' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lo que guardamos' })).toBeInTheDocument();
    expect(screen.getByText(/con el que se creó la página \(\*\*\*-\*\*\*-0142\)/)).toBeInTheDocument();
    expect(screen.getByText(/\(2 hasta ahora\)\.$/)).toBeInTheDocument();
    expect(
      screen.getByText('Su número de celular, (512) 555-0199, y cuándo dio su consentimiento.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lo que hace la página' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mensajes de texto que recibirá' })).toBeInTheDocument();
    expect(screen.getByText(/Responda STOP para dejar de recibir todos los mensajes de texto/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Confirme la página de recaudación'));
    expectNoCatalogKey();
  });
});
