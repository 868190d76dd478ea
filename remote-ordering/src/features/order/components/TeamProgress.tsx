import { ProgressBar, raisedOfGoal, useAsync } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import styles from './order.module.css';

/**
 * Issue 9: the team's progress under the team header — "$X raised of $Y goal" from its paid
 * orders (docs/goal-progress.md). It is extra: while it loads, or if the call fails, the order page
 * shows everything else as before and this block is left out.
 */
export function TeamProgress({ fundraiserId }: { fundraiserId: number }) {
  const state = useAsync(() => orderApi.progress(fundraiserId), [fundraiserId]);
  if (state.status !== 'success') return null;
  const { raisedCents, goalCents } = state.data;
  return (
    <section className={styles.progressSection} aria-label="Team progress">
      <ProgressBar
        label="Team progress"
        value={raisedCents}
        max={goalCents}
        valueText={raisedOfGoal(raisedCents, goalCents)}
        testId="team-progress"
      />
    </section>
  );
}
