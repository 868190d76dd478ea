import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type DeviceInfo, type MyFundraiser } from '@fu/shared';
import { remindersApi } from '../../reminders';
import { myFundraisersApi } from '../api/myFundraisersApi';
import { MyFundraisersPage } from './MyFundraisersPage';

const NOTE = 'Pages registered to the same phone appear here once this phone is confirmed on this device.';

const fall: MyFundraiser = {
  guid: 'g-1',
  fundraiserName: 'Fall Fundraiser',
  teamName: 'Football',
  schoolName: 'Lincoln',
  isActive: true,
  isOptedIn: true,
};
const spring: MyFundraiser = {
  guid: 'g-2',
  fundraiserName: 'Spring Drive',
  teamName: 'Band',
  schoolName: 'Lincoln',
  isActive: false,
  isOptedIn: true,
};

function renderPage(pages: MyFundraiser[], info: Partial<DeviceInfo> = {}) {
  jest.spyOn(myFundraisersApi, 'list').mockResolvedValue(pages);
  jest.spyOn(remindersApi, 'deviceInfo').mockResolvedValue({
    guid: 'g-1',
    phone: '5125550100',
    isOptedIn: true,
    phoneConfirmed: true,
    phoneConfirmedHere: true,
    studentFirstName: 'J',
    studentLastName: 'R',
    ...info,
  });
  render(
    <MemoryRouter initialEntries={['/Fundraisers/g-1']}>
      <Routes>
        <Route path="/Fundraisers/:fdid" element={<MyFundraisersPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('MyFundraisersPage', () => {
  it('links every page of the phone to a browser that confirmed it, and changes the reminders with the page guid', async () => {
    const setOptIn = jest
      .spyOn(remindersApi, 'setOptIn')
      .mockResolvedValue({ phone: '5125550100', isOptedIn: false, updated: 2, phoneConfirmed: true });
    renderPage([fall, spring]);
    expect(await screen.findByRole('link', { name: /Fall Fundraiser/ })).toHaveAttribute('href', '/Fundraiser/g-1');
    expect(screen.getByRole('link', { name: /Spring Drive.*ended/ })).toHaveAttribute('href', '/Fundraiser/g-2');
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a confirmation link' })).not.toBeInTheDocument();
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('On');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(setOptIn).toHaveBeenCalledWith({ phone: '5125550100', status: false, fundraiserDeviceGuid: 'g-1' });
  });

  it('not confirmed on this device: only this page, a note, and a button that texts a confirmation link', async () => {
    const texted = 'We texted a link to (512) 555-0100. Open it on that phone and tap Confirm to start your reminders.';
    const send = jest.spyOn(remindersApi, 'sendConfirmation').mockResolvedValue({ message: texted });
    renderPage([fall], { phoneConfirmedHere: false });
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Text me a confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(texted);
    expect(send).toHaveBeenCalledWith('g-1');
  });

  it('reminders on but the phone not confirmed: says they wait for it, and texts the link again', async () => {
    const send = jest.spyOn(remindersApi, 'sendConfirmation').mockResolvedValue({ message: 'We texted a link.' });
    renderPage([fall], { phoneConfirmed: false });
    expect(await screen.findByTestId('reminders-pending')).toHaveTextContent(
      'Open the link we texted to your phone to start them.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Text me the link again' }));
    expect(
      await screen.findByText('Open the link we texted to your phone to start them. We texted a link.'),
    ).toBeVisible();
    expect(send).toHaveBeenCalledWith('g-1');
  });

  it('neither confirmed nor confirmed here: one button texts the one link', async () => {
    renderPage([fall], { phoneConfirmed: false, phoneConfirmedHere: false });
    expect(await screen.findByTestId('reminders-pending')).toHaveTextContent(
      'Open the link we texted to your phone to start them.',
    );
    expect(screen.getByRole('button', { name: 'Text me a confirmation link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me the link again' })).not.toBeInTheDocument();
  });
});
