import { render, screen } from '@testing-library/react';
import { testT } from '../testing/translator';
import { raisedOfGoal } from '../tokens';

const t = testT();
import { ProgressBar, progressPercent } from './ProgressBar';

describe('ProgressBar', () => {
  it('is a progressbar named by its visible label, with min, max, now and the figures in words', () => {
    render(<ProgressBar label="Team progress" value={8600} max={50000} valueText={raisedOfGoal(8600, 50000, 0, t)} />);
    const bar = screen.getByRole('progressbar', { name: 'Team progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '50000');
    expect(bar).toHaveAttribute('aria-valuenow', '8600');
    expect(bar).toHaveAttribute('aria-valuetext', '$86.00 raised of $500.00 goal');
    expect(screen.getByText('$86.00 raised of $500.00 goal')).toBeVisible();
    expect(bar.firstElementChild).toHaveStyle({ width: '17%' });
  });

  it('past the goal: the words keep the real figure, the bar is full and aria-valuenow stays within max', () => {
    render(
      <ProgressBar label="Your progress" value={62000} max={50000} valueText={raisedOfGoal(62000, 50000, 0, t)} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50000');
    expect(bar).toHaveAttribute('aria-valuetext', '$620.00 raised of $500.00 goal');
    expect(bar.firstElementChild).toHaveStyle({ width: '100%' });
  });

  it('labels the part students recorded as cash or check, and only when there is one', () => {
    expect(raisedOfGoal(8600, 50000, 1800, t)).toBe('$86.00 raised of $500.00 goal, $18.00 of it in cash or checks');
    expect(raisedOfGoal(8600, 50000, 0, t)).toBe('$86.00 raised of $500.00 goal');
  });

  it('fills by whole percent, never below 0 or above 100, and copes with a zero goal', () => {
    expect(progressPercent(0, 50000)).toBe(0);
    expect(progressPercent(499, 50000)).toBe(0);
    expect(progressPercent(500, 50000)).toBe(1);
    expect(progressPercent(49999, 50000)).toBe(99);
    expect(progressPercent(50000, 50000)).toBe(100);
    expect(progressPercent(-5, 50000)).toBe(0);
    expect(progressPercent(100, 0)).toBe(0);
  });

  it('two bars on one page keep their own names', () => {
    render(
      <>
        <ProgressBar label="Your progress" value={1} max={2} valueText="a" />
        <ProgressBar label="Team progress" value={1} max={2} valueText="b" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute('aria-valuetext', 'a');
    expect(screen.getByRole('progressbar', { name: 'Team progress' })).toHaveAttribute('aria-valuetext', 'b');
  });
});
