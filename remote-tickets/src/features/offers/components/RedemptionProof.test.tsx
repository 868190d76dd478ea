import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RedemptionProof, WAITING_TO_SYNC, type Proof } from './RedemptionProof';

const proof = (overrides: Partial<Proof> = {}): Proof => ({
  offerName: 'Free Drip Coffee',
  vendorName: 'Daily Grind Coffee',
  redeemedAt: new Date(2026, 10, 20, 15, 42, 3),
  usesLeft: 4,
  ...overrides,
});

afterEach(() => jest.useRealTimers());

describe('RedemptionProof', () => {
  it('shows what the cashier checks, and a clock whose seconds run', () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 20, 15, 42, 5, 400) });
    const done = jest.fn();
    render(
      <RedemptionProof
        proof={proof()}
        waitingToSync={false}
        teamLine="Lincoln High School Varsity Football"
        onDone={done}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Redemption proof' });
    expect(within(dialog).getByRole('heading', { name: 'Free Drip Coffee' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Daily Grind Coffee');
    expect(dialog).toHaveTextContent('Redeemed at 3:42 PM');
    expect(dialog).toHaveTextContent('4 uses left');
    expect(dialog).toHaveTextContent('Lincoln High School Varsity Football');
    expect(dialog).not.toHaveTextContent(WAITING_TO_SYNC);

    const clock = within(dialog).getByTestId('live-clock');
    expect(clock).toHaveTextContent('3:42:05 PM');
    // On the second: 600 ms later the clock says :06, and a second after that :07.
    act(() => void jest.advanceTimersByTime(600));
    expect(clock).toHaveTextContent('3:42:06 PM');
    act(() => void jest.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('3:42:07 PM');
    expect(clock).toHaveAttribute('dateTime', new Date(2026, 10, 20, 15, 42, 7).toISOString());

    // The moving band is decoration, hidden from screen readers.
    expect(within(dialog).getByTestId('proof-band')).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(done).toHaveBeenCalled();
  });

  it('stops its clock when it closes', () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 20, 15, 42, 5) });
    const { unmount } = render(
      <RedemptionProof proof={proof()} waitingToSync={false} teamLine="" onDone={() => undefined} />,
    );
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('marks a redemption saved offline as waiting to sync, and words the last use', () => {
    render(
      <RedemptionProof
        proof={proof({ usesLeft: 0, pendingKey: 'k'.repeat(20) })}
        waitingToSync
        teamLine=""
        onDone={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Redemption proof' });
    expect(dialog).toHaveTextContent(WAITING_TO_SYNC);
    expect(dialog).toHaveTextContent('No uses left');
  });
});
