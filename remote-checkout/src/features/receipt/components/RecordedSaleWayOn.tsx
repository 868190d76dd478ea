import { Link, useT, type RecordedSale } from '@fu/shared';
import styles from './receipt.module.css';

/**
 * The end of recording a cash or check sale, for the tab that recorded it (issue 31): another sale on
 * the same student page, or back to that page. Only this tab knows the page (its guid is the page's
 * secret): the supporter's copy of the receipt never shows it.
 */
export function RecordedSaleWayOn({ sale }: { sale: RecordedSale }) {
  const t = useT();
  return (
    <section className={styles.firstAction} aria-labelledby="receipt-recorded">
      <h2 id="receipt-recorded">
        {sale.studentName
          ? t('checkout.recordedSale.headingForStudent', { student: sale.studentName })
          : t('checkout.recordedSale.heading')}
      </h2>
      <p className={styles.wayOn}>
        <Link className={styles.primaryLink} to={`/Order/${sale.pageGuid}/new`}>
          {t('checkout.recordedSale.another')}
        </Link>
        <Link className={styles.secondaryLink} to={`/Fundraiser/${sale.pageGuid}`}>
          {t('checkout.recordedSale.backToStudent')}
        </Link>
      </p>
    </section>
  );
}
