import { Button } from '@fu/shared';
import styles from './checkout.module.css';

/** What a checkout's submit button says while its payment is under way. */
export const PROCESSING_LABEL = 'Processing…';

/**
 * A checkout's submit button (card, cash/check). While the payment is under way it cannot be pressed
 * again (spec §4) and says so in its name, not only by greying out; its form sets `aria-busy`.
 */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: string }) {
  return (
    <Button type="submit" className={styles.submit} disabled={submitting}>
      {submitting ? PROCESSING_LABEL : children}
    </Button>
  );
}
