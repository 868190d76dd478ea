import {
  Button,
  errorMessage,
  formatCents,
  PageHeading,
  pageMessage,
  isCashOrCheck,
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptStatementHeading,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
  recordedSaleOf,
  Spinner,
  STUDENT_CREDIT_MESSAGES,
  studentNameIn,
  useAsync,
  type Receipt,
  useParams,
  useSearchParams,
  useLanguage,
  useT,
  type Translate,
} from '@fu/shared';
import { receiptApi } from '../api/receiptApi';
import { RecordedSaleWayOn } from './RecordedSaleWayOn';
import { ReceiptTickets } from './ReceiptTickets';
import styles from './receipt.module.css';

/**
 * How the order was paid, as every receipt words it ('Paid in cash', 'Visa ending in 1111', 'Cash,
 * recorded by a student'), with a card's reference, in the page's language (`t`: the page's useT).
 */
export function paymentDescription(
  payment: Receipt['payment'],
  collectedOnly = false,
  t: Translate = pageMessage,
): string {
  const method = receiptPaymentMethod(payment, collectedOnly, t);
  return isCashOrCheck(payment.paymentTypeId)
    ? method
    : t('checkout.receipt.paymentReference', { method, reference: payment.reference });
}

/**
 * What a donor files at tax time, or that a cash or check sale is not yet a tax receipt (the shared
 * rule's words, as on the PDF and the e-mail); nothing when there is none.
 */
function TaxStatement({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const statement = receiptTaxStatement(receipt, t, useLanguage());
  if (!statement.length) return null;
  return (
    <section className={styles.taxStatement} aria-labelledby="receipt-tax">
      <h2 id="receipt-tax">{receiptStatementHeading(receipt, t)}</h2>
      {statement.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

/**
 * /Receipt/{orderId}?key=… — the digital receipt the checkout sends supporters to. What the reader
 * came for comes first under the heading: a ticket buyer's tickets, or, in the tab that recorded a
 * student's cash or check sale, the way to another sale and back to the student's page; Print follows
 * the receipt, and is the secondary action where there are tickets.
 */
export function ReceiptPage() {
  const t = useT();
  const language = useLanguage();
  const orderId = Number(useParams().orderId);
  const key = useSearchParams()[0].get('key') ?? '';
  const state = useAsync(() => receiptApi.get(orderId, key), [orderId, key]);
  const recorded = state.status === 'success' && isCashOrCheck(state.data.payment.paymentTypeId);
  const sale = recorded ? recordedSaleOf(orderId) : undefined;
  return (
    <main className="page">
      <PageHeading title={t('checkout.receipt.heading')}>{t('checkout.receipt.heading')}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' && (
        <article className={styles.receipt}>
          {state.data.ticketPurchaseGuid && <ReceiptTickets ticketPurchaseGuid={state.data.ticketPurchaseGuid} />}
          {sale && <RecordedSaleWayOn sale={sale} />}
          {/* Issue 34: a supporter or student erased at their request (docs/privacy.md) is named nowhere. */}
          <p className={styles.thanks}>
            {state.data.supporterFirstName
              ? t('checkout.receipt.thanksName', { name: state.data.supporterFirstName })
              : t('checkout.receipt.thanks')}
          </p>
          <p>
            {state.data.studentFirstName || state.data.studentLastName
              ? t('checkout.receipt.orderForStudent', {
                  orderId: String(state.data.orderId),
                  student: studentNameIn({}, state.data.studentFirstName, state.data.studentLastName, 'full'),
                  team: state.data.teamName,
                  school: state.data.schoolName,
                })
              : t('checkout.receipt.order', {
                  orderId: String(state.data.orderId),
                  team: state.data.teamName,
                  school: state.data.schoolName,
                })}
          </p>
          <p data-testid="receipt-credit">
            {state.data.creditedStudent
              ? STUDENT_CREDIT_MESSAGES.supporting(state.data.creditedStudent, t)
              : t(STUDENT_CREDIT_MESSAGES.countedForTeam)}
          </p>
          <p>
            {t(isCollectedOnly(state.data) ? 'checkout.receipt.recordedAt' : 'checkout.receipt.paidAt', {
              time: receiptTime(state.data.paidAt, state.data, language),
            })}
          </p>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('checkout.receipt.linesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('checkout.receipt.item')}</th>
                <th scope="col">{t('checkout.receipt.qty')}</th>
                <th scope="col">{t('checkout.receipt.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {receiptRows(state.data, t).map((row, index) => (
                <tr key={`${index}-${row.label}`}>
                  <td>{row.label}</td>
                  <td>{row.quantity}</td>
                  <td>{formatCents(row.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {receiptTotalLabel(state.data, t)}
                </th>
                <td data-testid="receipt-total">{formatCents(state.data.orderTotal)}</td>
              </tr>
            </tfoot>
          </table>
          <TaxStatement receipt={state.data} />
          <p>{paymentDescription(state.data.payment, isCollectedOnly(state.data), t)}</p>
          {(state.data.supporterFirstName || state.data.donorEmail) && (
            <p>
              {state.data.supporterFirstName} {state.data.supporterLastName} · {state.data.donorEmail}
            </p>
          )}
          <div className={styles.actions}>
            <Button variant={state.data.ticketPurchaseGuid ? 'secondary' : 'primary'} onClick={() => window.print()}>
              {t('checkout.receipt.print')}
            </Button>
            <a
              className={styles.secondaryLink}
              href={receiptApi.pdfUrl(orderId, key)}
              download={`receipt-${orderId}.pdf`}
              type="application/pdf"
            >
              {t('checkout.receipt.downloadPdf')}
            </a>
          </div>
        </article>
      )}
    </main>
  );
}
