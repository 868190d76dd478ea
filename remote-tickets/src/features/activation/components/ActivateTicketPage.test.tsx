import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useSearchParams } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { SESSION } from '../../../testing/fixtures';
import { ActivateTicketPage } from './ActivateTicketPage';

function RegisterProbe() {
  return <h1>Register with {useSearchParams()[0].get('code')}</h1>;
}

const formCheck = { success: true, redirect: null, active: false, sample: false, deactivated: false };

function renderPage(reactivate = false, search = '') {
  render(
    <MemoryRouter initialEntries={[`/ActivateTicket/${SESSION}${search}`]}>
      <Routes>
        <Route path="/ActivateTicket/:guid" element={<ActivateTicketPage reactivate={reactivate} />} />
        <Route path="/ActivateTicket/:guid/RegisterDevice" element={<RegisterProbe />} />
        <Route path="/ActivateTicket/:guid/Confirmation/:phoneNumber" element={<h1>Confirmation</h1>} />
        <Route path="/MyOffers/:guid" element={<h1>Offers</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ActivateTicketPage', () => {
  it('cleans the phone, enables Submit at exactly 10 digits, and sends only the digits', async () => {
    jest.spyOn(ticketsApi, 'checkSession').mockResolvedValue(formCheck);
    const addPhone = jest.spyOn(ticketsApi, 'addPhone').mockResolvedValue({
      success: true,
      redirect: `/ActivateTicket/${SESSION}/Confirmation/5125550188`,
      message: 'We texted a link.',
    });
    renderPage();
    const input = await screen.findByLabelText('Phone number');
    fireEvent.change(input, { target: { value: '(512) 555-01a' } });
    expect(input).toHaveValue('(512) 555-01');
    expect(screen.getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '(512) 555-0188' } });
    expect(screen.queryByText('Please enter a valid 10-digit phone number.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Confirmation' })).toBeInTheDocument();
    expect(addPhone).toHaveBeenCalledWith(SESSION, '5125550188');
  });

  it('keeps Submit off for 10 digits that are no phone number, or a number we may not text', async () => {
    jest.spyOn(ticketsApi, 'checkSession').mockResolvedValue(formCheck);
    const addPhone = jest.spyOn(ticketsApi, 'addPhone');
    renderPage();
    const input = await screen.findByLabelText('Phone number');
    fireEvent.change(input, { target: { value: '123-456-7890' } });
    expect(screen.getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '(876) 555-0100' } });
    expect(screen.getByText('We can only send texts to US and Canadian numbers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(addPhone).not.toHaveBeenCalled();
  });

  it('reactivation asks for an access link', async () => {
    jest.spyOn(ticketsApi, 'checkSession').mockResolvedValue(formCheck);
    const accessLink = jest.spyOn(ticketsApi, 'accessLink').mockResolvedValue({
      success: true,
      redirect: `/ActivateTicket/${SESSION}/Confirmation/5125550188`,
      message: '',
    });
    renderPage(true);
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '512 555 0188' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Confirmation' })).toBeInTheDocument();
    expect(accessLink).toHaveBeenCalledWith(SESSION, '5125550188');
  });

  it('a texted link with its code goes straight to registering this device: no phone to type', async () => {
    jest.spyOn(ticketsApi, 'checkSession').mockResolvedValue(formCheck);
    const addPhone = jest.spyOn(ticketsApi, 'addPhone');
    renderPage(false, '?code=abcdefghijklmnopqrstuvwx');
    expect(await screen.findByRole('heading', { name: 'Register with abcdefghijklmnopqrstuvwx' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(addPhone).not.toHaveBeenCalled();
  });

  it('goes straight to the offers when the ticket is already active on this device', async () => {
    jest
      .spyOn(ticketsApi, 'checkSession')
      .mockResolvedValue({ ...formCheck, active: true, redirect: `/MyOffers/${SESSION}` });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Offers' })).toBeInTheDocument();
  });
});
