import { fireEvent, render, screen } from '@testing-library/react';
import { remindersApi } from '../api/remindersApi';
import { RemindersCard } from './RemindersCard';

const saved = (isOptedIn: boolean) => ({ phone: '5125550100', isOptedIn, updated: 1 });

afterEach(() => jest.restoreAllMocks());

describe('RemindersCard (spec §4 reminder opt-in)', () => {
  it('unanswered: Continue turns reminders on', async () => {
    const setOptIn = jest.spyOn(remindersApi, 'setOptIn').mockResolvedValue(saved(true));
    render(<RemindersCard phone="5125550100" initial={null} />);
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Text reminders are on.')).toBeInTheDocument();
    expect(setOptIn).toHaveBeenCalledWith('5125550100', true);
    expect(screen.queryByRole('button', { name: 'Enable Reminders' })).not.toBeInTheDocument();
  });

  it('unanswered: Disable turns them off, then Enable Reminders turns them on', async () => {
    const setOptIn = jest
      .spyOn(remindersApi, 'setOptIn')
      .mockResolvedValueOnce(saved(false))
      .mockResolvedValueOnce(saved(true));
    render(<RemindersCard phone="5125550100" initial={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Text reminders are off.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByText('Text reminders are on.')).toBeInTheDocument();
    expect(setOptIn.mock.calls).toEqual([
      ['5125550100', false],
      ['5125550100', true],
    ]);
  });

  it('answered: shows the saved state without asking again', () => {
    render(<RemindersCard phone="5125550100" initial={true} />);
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Text reminders are on.');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('keeps the choice unchanged and says why when saving fails', async () => {
    jest.spyOn(remindersApi, 'setOptIn').mockRejectedValue(new Error('Network Error'));
    render(<RemindersCard phone="5125550100" initial={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Reminders' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Text reminders are off.');
  });
});
