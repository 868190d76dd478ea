import { ProgressBar, ProgressBarPlaceholder, raisedOfGoal, TEAM_PROGRESS_LABEL, useAsync, useT } from '@fu/shared';
import { orderApi } from '../api/orderApi';

/**
 * Issue 9: the team's progress under the team header — "$X raised of $Y goal" from its paid
 * orders (docs/goal-progress.md). It is extra: if the call fails, the order page shows everything
 * else as before and this block is left out. While it loads, a placeholder of the same size holds
 * its place, so the form below does not jump when the figures arrive.
 */
export function TeamProgress({ fundraiserId }: { fundraiserId: number }) {
  const t = useT();
  const state = useAsync(() => orderApi.progress(fundraiserId), [fundraiserId]);
  if (state.status === 'error') return null;
  const label = t(TEAM_PROGRESS_LABEL);
  return (
    <section className="fp-progress-section" aria-label={label}>
      {state.status === 'loading' ? (
        <ProgressBarPlaceholder label={label} />
      ) : (
        <ProgressBar
          label={label}
          value={state.data.raisedCents}
          max={state.data.goalCents}
          valueText={raisedOfGoal(state.data.raisedCents, state.data.goalCents, state.data.cashCheckCents, t)}
          testId="team-progress"
        />
      )}
    </section>
  );
}
