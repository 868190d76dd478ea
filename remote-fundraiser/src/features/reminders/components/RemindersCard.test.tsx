import { fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import type { UpdateOptInResponse } from '@fu/shared';
import { remindersApi } from '../api/remindersApi';
import { RemindersCard } from './RemindersCard';

const GUID = '11111111-1111-4111-8111-111111111111';
const PHONE = '5125550100';
const TEXTED = 'We texted a link to (512) 555-0100. Open it on that phone and tap Confirm to start your reminders.';
const PENDING = 'Open the link we texted to your phone to start them.';
const WAITING = 'Text reminders are waiting for your confirmation text.';

const saved = (isOptedIn: boolean, phoneConfirmed = true, message?: string): UpdateOptInResponse => ({
  phone: PHONE,
  isOptedIn,
  updated: 1,
  phoneConfirmed,
  ...(message === undefined ? {} : { message }),
});
const optIn = (status: boolean) => ({ phone: PHONE, status, fundraiserDeviceGuid: GUID });
const page = { guid: GUID, phone: PHONE };

afterEach(() => jest.restoreAllMocks());

describe('RemindersCard (spec §4 reminder opt-in)', () => {
  it("unanswered: Continue turns reminders on, sending the page's guid", async () => {
    const setOptIn = jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(true));
    render(<RemindersCard {...page} initial={null} phoneConfirmed />);
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Text reminders are on.')).toBeInTheDocument();
    expect(setOptIn).toHaveBeenCalledWith(optIn(true));
    expect(screen.queryByRole('button', { name: 'Enable Reminders' })).not.toBeInTheDocument();
    // A confirmed phone: nothing to wait for.
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me the link again' })).not.toBeInTheDocument();
  });

  it('unanswered: Disable turns them off, then Enable Reminders turns them on', async () => {
    const setOptIn = jest
      .spyOn(remindersApi, 'setOptIn')
      .mockResolvedValueOnce(saved(false))
      .mockResolvedValueOnce(saved(true));
    render(<RemindersCard {...page} initial={null} phoneConfirmed />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Text reminders are off.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByText('Text reminders are on.')).toBeInTheDocument();
    expect(setOptIn.mock.calls).toEqual([[optIn(false)], [optIn(true)]]);
  });

  it('says so when the phone replied STOP, and how to get texts again; nothing otherwise', () => {
    const { rerender } = render(<RemindersCard {...page} initial={true} phoneConfirmed textsStopped />);
    expect(screen.getByTestId('texts-stopped')).toHaveTextContent(
      'This phone replied STOP, so we send it no texts, reminders included. To get them again, reply START to any of our texts.',
    );
    rerender(<RemindersCard {...page} initial={true} phoneConfirmed textsStopped={false} />);
    expect(screen.queryByTestId('texts-stopped')).not.toBeInTheDocument();
  });

  it('answered: shows the saved state without asking again', () => {
    render(<RemindersCard {...page} initial={true} phoneConfirmed />);
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Text reminders are on.');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
  });

  it('keeps the choice unchanged and says why when saving fails', async () => {
    jest.spyOn(remindersApi, 'setOptIn').mockRejectedValue(new Error('Network Error'));
    render(<RemindersCard {...page} initial={false} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Text reminders are off.');
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
  });

  it("not confirmed: Continue says reminders wait for the phone, with the server's word about the link", async () => {
    jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(true, false, TEXTED));
    render(<RemindersCard {...page} initial={null} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const pending = await screen.findByTestId('reminders-pending');
    expect(pending).toHaveAttribute('role', 'status');
    expect(pending).toHaveTextContent(`${PENDING} ${TEXTED}`);
    // One state, not two: waiting, never "on" beside "start once confirmed".
    expect(screen.getByTestId('reminders-state')).toHaveTextContent(WAITING);
    expect(screen.queryByText('Text reminders are on.')).not.toBeInTheDocument();
  });

  it('on, or waiting: Turn off reminders turns them off on this page', async () => {
    const setOptIn = jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(false, false));
    for (const phoneConfirmed of [true, false]) {
      const { unmount } = render(<RemindersCard {...page} initial={true} phoneConfirmed={phoneConfirmed} />);
      expect(screen.getByTestId('reminders-state')).toHaveAttribute('data-state', phoneConfirmed ? 'on' : 'waiting');
      fireEvent.click(screen.getByRole('button', { name: 'Turn off reminders' }));
      expect(await screen.findByText('Text reminders are off.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enable Reminders' })).toBeInTheDocument();
      expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
      unmount();
    }
    expect(setOptIn.mock.calls).toEqual([[optIn(false)], [optIn(false)]]);
  });

  it('not confirmed: says why no link was texted (the daily limit)', async () => {
    const limit = 'Too many texts to this phone number today. Please try again tomorrow.';
    jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(true, false, limit));
    render(<RemindersCard {...page} initial={false} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByTestId('reminders-pending')).toHaveTextContent(`${PENDING} ${limit}`);
  });

  it('a browser that confirmed the phone turns them on with nothing to wait for', async () => {
    jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(true, true));
    render(<RemindersCard {...page} initial={false} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByText('Text reminders are on.')).toBeInTheDocument();
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
  });

  it('on but not confirmed: Text me the link again texts a fresh link and shows what the server said', async () => {
    const again = 'We texted a link to (512) 555-0100. Open it on that phone and tap Confirm to start your reminders!';
    const send = jest.spyOn(remindersApi, 'sendConfirmation').mockResolvedValue({ message: again });
    render(<RemindersCard {...page} initial={true} phoneConfirmed={false} />);
    const pending = screen.getByTestId('reminders-pending');
    expect(pending).toHaveTextContent(PENDING);
    expect(pending).not.toHaveTextContent('We texted');
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Text reminders' })).getByRole('button', {
        name: 'Text me the link again',
      }),
    );
    expect(await screen.findByText(`${PENDING} ${again}`)).toHaveAttribute('role', 'status');
    expect(send).toHaveBeenCalledWith(GUID);
  });

  it("on but not confirmed: a failed resend shows the server's message as an alert", async () => {
    const failure = new AxiosError('Too Many Requests', '429', undefined, undefined, {
      status: 429,
      data: { message: 'Too many requests. Please wait a minute and try again.' },
    } as AxiosResponse);
    jest.spyOn(remindersApi, 'sendConfirmation').mockRejectedValue(failure);
    render(<RemindersCard {...page} initial={true} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Text me the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute and try again.',
    );
    expect(screen.getByTestId('reminders-pending')).toHaveTextContent(PENDING);
  });

  it('turning them off clears the wait for confirmation', async () => {
    jest
      .spyOn(remindersApi, 'setOptIn')
      .mockResolvedValueOnce(saved(false, false))
      .mockResolvedValueOnce(saved(true, false, TEXTED));
    render(<RemindersCard {...page} initial={null} phoneConfirmed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Text reminders are off.')).toBeInTheDocument();
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByTestId('reminders-pending')).toHaveTextContent(TEXTED);
  });
});
