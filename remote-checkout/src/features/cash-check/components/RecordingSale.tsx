import { recordedSaleOf, recordingSaleLine, studentNameIn, useT } from '@fu/shared';
import type { CheckoutOrder } from '../../checkout';
import styles from './cashCheck.module.css';

/**
 * "Recording a cash or check sale for Jordan R.", under the heading (issue 31): the student of the
 * page the sale was started on, as this tab remembers them, else as the order names its student
 * ("Jordan" in privacy mode, issue 34).
 */
export function RecordingSale({ order }: { order: CheckoutOrder }) {
  const t = useT();
  const studentName =
    recordedSaleOf(order.orderId)?.studentName ?? studentNameIn(order, order.studentFirstName, order.studentLastName);
  return <p className={styles.recordingSale}>{recordingSaleLine(studentName, t)}</p>;
}
