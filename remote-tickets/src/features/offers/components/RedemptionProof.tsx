import { Button, Modal, useT } from '@fu/shared';
import { useNow } from '../hooks/useNow';
import { useRedemptionWords } from '../redemptionTime';
import styles from './proof.module.css';

/** What a redemption proves, as it was when it was made. */
export interface Proof {
  offerName: string;
  vendorName: string;
  /** The server's time of the redemption; for one saved offline, when it was tapped. */
  redeemedAt: Date;
  /** Uses of the offer left after this one. */
  usesLeft: number;
  /** The saved redemption's key while it waits to be sent (docs/offline-wallet.md). */
  pendingKey?: string;
}

/** The English of tickets.proof.waitingToSync: what the tests find. */
export const WAITING_TO_SYNC =
  'Waiting to sync: saved on this phone and sent when it is back online. The cashier can accept this screen.';

/** The clock with running seconds: a screenshot shows a time that stops. */
function LiveClock() {
  const now = useNow();
  const t = useT();
  const { clockTime } = useRedemptionWords();
  return (
    <p className={styles.clock}>
      <span className={styles.clockLabel}>{t('tickets.proof.timeNow')}</span>
      <time dateTime={now.toISOString()} data-testid="live-clock">
        {clockTime(now, true)}
      </time>
    </p>
  );
}

/**
 * After Confirm, the full-screen proof a cashier reads at arm's length (issue 31): the offer and
 * vendor, when it was redeemed, the uses left, and what a screenshot cannot fake: a clock whose
 * seconds run, between bands in the team's colours that move (still under prefers-reduced-motion,
 * where the clock alone is the live part). A redemption saved offline says it is waiting to sync.
 */
export function RedemptionProof({
  proof,
  waitingToSync,
  teamLine,
  onDone,
}: {
  proof: Proof;
  waitingToSync: boolean;
  teamLine: string;
  onDone: () => void;
}) {
  const t = useT();
  const { redeemedAtLine, usesLeftLine } = useRedemptionWords();
  return (
    <Modal open label={t('tickets.proof.label')} onClose={onDone} className={styles.proof}>
      <div className={styles.band} aria-hidden="true" data-testid="proof-band" />
      <div className={styles.body}>
        <p className={styles.stamp}>{t('tickets.offer.redeemed')}</p>
        <h2 className={styles.offer}>{proof.offerName}</h2>
        <p className={styles.vendor}>{proof.vendorName}</p>
        <p className={styles.when}>{redeemedAtLine(proof.redeemedAt, new Date())}</p>
        <p className={styles.left}>{usesLeftLine(proof.usesLeft)}</p>
        {waitingToSync && <p className={styles.sync}>{t('tickets.proof.waitingToSync')}</p>}
        <LiveClock />
        <p className={styles.team}>{teamLine}</p>
        <Button onClick={onDone}>{t('tickets.proof.done')}</Button>
      </div>
      <div className={styles.band} aria-hidden="true" />
    </Modal>
  );
}
