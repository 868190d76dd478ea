import { Button, useT } from '@fu/shared';
import styles from './checkout.module.css';

/**
 * A checkout's submit button (card, cash/check). While the payment is under way it cannot be pressed
 * again (spec §4) and says so in its name, not only by greying out; its form sets `aria-busy`.
 */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: string }) {
  const t = useT();
  return (
    <Button type="submit" className={styles.submit} disabled={submitting}>
      {submitting ? t('checkout.payment.processing') : children}
    </Button>
  );
}
