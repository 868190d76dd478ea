import {
  formatCents,
  ProgressBar,
  ProgressBarPlaceholder,
  raisedOfGoal,
  TEAM_PROGRESS_LABEL,
  type StudentProgress,
  type TeamStandings,
  useT,
  YOUR_PROGRESS_LABEL,
} from '@fu/shared';
import styles from './devicePage.module.css';

/**
 * Issue 9: the student's own progress — the paid orders credited to their page against the
 * fundraiser's goal per student, with the part recorded as cash or check — and their rank in the
 * team (docs/goal-progress.md).
 */
export function YourProgress({ progress }: { progress: StudentProgress }) {
  const t = useT();
  const { raisedCents, goalCents, cashCheckCents, rank, studentCount } = progress;
  return (
    <section aria-label={t(YOUR_PROGRESS_LABEL)}>
      <ProgressBar
        label={t(YOUR_PROGRESS_LABEL)}
        value={raisedCents}
        max={goalCents}
        valueText={raisedOfGoal(raisedCents, goalCents, cashCheckCents, t)}
        testId="student-progress"
      />
      <p className="fp-rank" data-testid="student-rank">
        {t('fundraiser.progress.rank', { rank, count: studentCount })}
      </p>
    </section>
  );
}

/** YourProgress's place while it loads: the same lines, so the reminders below do not jump. */
export function YourProgressPlaceholder() {
  const t = useT();
  return (
    <section aria-label={t(YOUR_PROGRESS_LABEL)}>
      <ProgressBarPlaceholder label={t(YOUR_PROGRESS_LABEL)} />
      <p className="fp-rank" aria-hidden="true">
        &nbsp;
      </p>
    </section>
  );
}

/**
 * The team's top students by amount raised, first name and last initial only (Students/GetTeamProgress:
 * not public, it needs the page's guid), and the team's total with its cash/check part. The list is ordered
 * and each item's number is its rank, so students who raised the same show the same number. A fundraiser
 * in privacy mode (issue 34) has no leaderboard: only the team's progress shows, whatever the answer holds.
 */
export function TeamLeaderboard({ progress, privacyMode }: { progress: TeamStandings; privacyMode?: boolean }) {
  const t = useT();
  const teamTotal = (
    <p className={styles.teamTotal} data-testid="team-raised">
      {t('fundraiser.leaderboard.team', {
        progress: raisedOfGoal(progress.raisedCents, progress.goalCents, progress.cashCheckCents, t),
      })}
    </p>
  );
  if (privacyMode) {
    return (
      <section className={styles.leaderboard} aria-labelledby="team-progress-heading">
        <h2 id="team-progress-heading" className={styles.leaderboardHeading}>
          {t(TEAM_PROGRESS_LABEL)}
        </h2>
        {teamTotal}
      </section>
    );
  }
  return (
    <section className={styles.leaderboard} aria-labelledby="team-leaderboard-heading">
      <h2 id="team-leaderboard-heading" className={styles.leaderboardHeading}>
        {t('fundraiser.leaderboard.heading')}
      </h2>
      {teamTotal}
      {progress.leaderboard.length === 0 ? (
        <p>{t('fundraiser.leaderboard.empty')}</p>
      ) : (
        <ol className={styles.leaderboardList} data-testid="leaderboard">
          {progress.leaderboard.map((entry) => (
            <li key={`${entry.rank}-${entry.name}`} value={entry.rank} className={styles.leaderboardEntry}>
              <div className={styles.leaderboardRow}>
                <span>{entry.name}</span>
                <span className={styles.leaderboardAmount}>{formatCents(entry.raisedCents)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
