import { fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { PURCHASE } from '../../../testing/fixtures';
import { ManageDiscountsPage } from './ManageDiscountsPage';

const purchase = (orderId: number) => ({
  guid: PURCHASE,
  orderId,
  isComplimentary: orderId === 0,
  ticketName: 'Lincoln Lions Discount Card',
  fundraiserName: 'Lincoln Football 2026',
  tickets: [
    { number: 1, of: 2, guid: 't-1', link: '', phone: '5125550188', activated: true, keyActivatedAt: '2026-11-20' },
    { number: 2, of: 2, guid: 't-2', link: '', phone: null, activated: false, keyActivatedAt: null },
  ],
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={[`/ManageDiscounts/${PURCHASE}`]}>
      <Routes>
        <Route path="/ManageDiscounts/:ticketPurchaseGuid" element={<ManageDiscountsPage />} />
        <Route path="/ActivateTicket/:guid/RegisterDevice" element={<h1>Register this device</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ManageDiscountsPage', () => {
  it("shows 'Loading…', the order, each 'Ticket n of m', and who redeemed an activated one", async () => {
    jest.spyOn(ticketsApi, 'purchases').mockResolvedValue(purchase(12));
    renderPage();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const tickets = await screen.findAllByTestId('purchased-ticket');
    expect(screen.getByText(/Order #12/)).toBeInTheDocument();
    expect(within(tickets[0]!).getByText('Ticket 1 of 2')).toBeInTheDocument();
    expect(within(tickets[0]!).getByText('Ticket Redeemed by (512) 555-0188')).toBeInTheDocument();
    expect(within(tickets[0]!).getByRole('button', { name: 'Copy Link' })).toBeDisabled();
    expect(within(tickets[0]!).getByRole('button', { name: 'Send Link to Phone' })).toBeDisabled();
    expect(within(tickets[0]!).getByRole('button', { name: 'Use on This Phone' })).toBeDisabled();
    expect(within(tickets[1]!).getByRole('button', { name: 'Copy Link' })).toBeEnabled();
    expect(within(tickets[1]!).getByRole('button', { name: 'Use on This Phone' })).toBeEnabled();
  });

  it('Use on This Phone goes where the server says, with no phone typed', async () => {
    jest.spyOn(ticketsApi, 'purchases').mockResolvedValue(purchase(12));
    const registerHere = jest.spyOn(ticketsApi, 'registerOnThisPhone').mockResolvedValue({
      success: true,
      redirect: '/ActivateTicket/t-2/RegisterDevice?code=abcdefghijklmnopqrstuvwx',
      message: 'Confirm to register this ticket on this device.',
    });
    renderPage();
    const ticket = (await screen.findAllByTestId('purchased-ticket'))[1]!;
    fireEvent.click(within(ticket).getByRole('button', { name: 'Use on This Phone' }));
    expect(await screen.findByRole('heading', { name: 'Register this device' })).toBeInTheDocument();
    expect(registerHere).toHaveBeenCalledWith(PURCHASE, 't-2');
  });

  it('Use on This Phone says why when the server refuses', async () => {
    jest.spyOn(ticketsApi, 'purchases').mockResolvedValue(purchase(12));
    jest.spyOn(ticketsApi, 'registerOnThisPhone').mockRejectedValue(
      new AxiosError('Conflict', '409', undefined, undefined, {
        status: 409,
        data: {
          success: false,
          redirect: null,
          message: 'This ticket is already activated, so it can no longer be registered from here.',
        },
      } as AxiosResponse),
    );
    renderPage();
    const ticket = (await screen.findAllByTestId('purchased-ticket'))[1]!;
    fireEvent.click(within(ticket).getByRole('button', { name: 'Use on This Phone' }));
    expect(await within(ticket).findByRole('alert')).toHaveTextContent(
      'This ticket is already activated, so it can no longer be registered from here.',
    );
  });

  it("says 'Complimentary' for order 0", async () => {
    jest.spyOn(ticketsApi, 'purchases').mockResolvedValue(purchase(0));
    renderPage();
    expect(await screen.findByText(/Complimentary/)).toBeInTheDocument();
  });

  it('checks the phone, shows the server message, and the spec text on failure', async () => {
    jest.spyOn(ticketsApi, 'purchases').mockResolvedValue(purchase(12));
    const share = jest
      .spyOn(ticketsApi, 'shareTicket')
      .mockResolvedValueOnce({ message: 'Link sent to (512) 555-0199.' })
      .mockRejectedValueOnce(new Error('Network Error'));
    renderPage();
    const ticket = (await screen.findAllByTestId('purchased-ticket'))[1]!;
    const send = within(ticket).getByRole('button', { name: 'Send Link to Phone' });
    fireEvent.change(within(ticket).getByLabelText('Phone number'), { target: { value: '512555' } });
    fireEvent.click(send);
    expect(within(ticket).getByRole('alert')).toHaveTextContent('Please enter a valid 10-digit phone number.');
    fireEvent.change(within(ticket).getByLabelText('Phone number'), { target: { value: '0000000000' } });
    fireEvent.click(send);
    expect(within(ticket).getByRole('alert')).toHaveTextContent('Please enter a valid 10-digit phone number.');
    fireEvent.change(within(ticket).getByLabelText('Phone number'), { target: { value: '1 (876) 555-0100' } });
    fireEvent.click(send);
    expect(within(ticket).getByRole('alert')).toHaveTextContent('We can only send texts to US and Canadian numbers.');
    expect(share).not.toHaveBeenCalled();
    fireEvent.change(within(ticket).getByLabelText('Phone number'), { target: { value: '(512) 555-0199' } });
    // Spec §5 send link: digits only, as typed.
    expect(within(ticket).getByLabelText('Phone number')).toHaveValue('5125550199');
    fireEvent.click(send);
    expect(await within(ticket).findByText('Link sent to (512) 555-0199.')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith(PURCHASE, '5125550199', 't-2');
    fireEvent.click(send);
    expect(await within(ticket).findByRole('alert')).toHaveTextContent(
      'Could not send the link. Please check the phone number and try again.',
    );
  });

  it('shows the spec text when the purchase cannot be loaded', async () => {
    jest.spyOn(ticketsApi, 'purchases').mockRejectedValue(new Error('404'));
    renderPage();
    expect(await screen.findByText('Sorry, there are no digital items associated located here :/')).toBeInTheDocument();
  });
});
