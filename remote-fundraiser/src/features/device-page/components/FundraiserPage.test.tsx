import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { deviceApi } from '../api/deviceApi';
import { testDevice } from '../testDevice';
import { FundraiserPage } from './FundraiserPage';

const GUID = '11111111-1111-4111-8111-111111111111';

function renderPage(device = testDevice()) {
  jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(device);
  jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: `https://site.test/Order/${GUID}` });
  render(
    <MemoryRouter initialEntries={[`/Fundraiser/${GUID}`]}>
      <Routes>
        <Route path="/Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
        <Route path="/Order/:fdid/:cashcheck" element={<h1>Order page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('FundraiserPage', () => {
  it('shows the fundraiser, the student, orders with count and total, the ticket preview and the QR code', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Varsity Football Fall Fundraiser' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jordan Rivera')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Orders/ })).toHaveAttribute('href', `/FundraiserOrders/${GUID}`);
    expect(screen.getByTestId('orders-summary')).toHaveTextContent('2 · $86.00');
    const preview = screen.getByRole('link', { name: 'Digital Ticket Preview' });
    expect(preview).toHaveAttribute('href', '/MyOffers/22222222-2222-4222-8222-222222222222');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(screen.getByTitle(`QR code for https://site.test/Order/${GUID}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('hides the ticket preview without a ticket and the cash/check button without a type-0 item', async () => {
    const device = testDevice();
    renderPage({
      ...device,
      fundraiser: {
        ...device.fundraiser,
        ticket: null,
        fundraiserItems: [
          {
            item: {
              itemId: 43,
              messageTextName: 'Digital Discount Card',
              itemsOptions: [{ itemOptionId: 431, itemOptionTypeId: 0, name: 'Card', price: 2500 }],
            },
          },
        ],
      },
    });
    await screen.findByText('Jordan Rivera');
    expect(screen.queryByRole('link', { name: 'Digital Ticket Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Order (Cash / Check)?' })).not.toBeInTheDocument();
  });

  it('creates a draft with NewOrderWithFDID and opens the order page in cash/check mode', async () => {
    const create = jest.spyOn(deviceApi, 'newCashCheckOrder').mockResolvedValue(77);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New Order (Cash / Check)?' }));
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(GUID);
  });

  it('counts a share and copies the social link where there is no share sheet', async () => {
    const count = jest.spyOn(deviceApi, 'countShare').mockResolvedValue(undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied. Paste it in a text or post.')).toBeInTheDocument();
    expect(count).toHaveBeenCalledWith(GUID);
    expect(writeText.mock.calls[0][0]).toMatch(
      /Our goal is \$500\..*\/Order\/Social\/33333333-3333-4333-8333-333333333333$/,
    );
  });
});
