import styles from './checkout.module.css';

/** Above the summary once the server said the order changed: why nothing was taken, and that the total is new. */
export function OrderChangedNotice({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="status" className={styles.changed} data-testid="order-changed">
      {message}
    </p>
  );
}
