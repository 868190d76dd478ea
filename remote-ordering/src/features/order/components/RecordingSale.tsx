import { recordingSaleLine, useT } from '@fu/shared';
import styles from './order.module.css';

/**
 * First on a student's cash/check order page: that a sale is being recorded, and for whom ("Recording
 * a cash or check sale for Jordan R."), so it does not read like a supporter's order (issue 31).
 */
export function RecordingSale({ studentName }: { studentName: string }) {
  const t = useT();
  return <p className={styles.recordingSale}>{recordingSaleLine(studentName, t)}</p>;
}
