import {
  Button,
  errorMessage,
  formatCents,
  PageHeading,
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
} from '@fu/shared';
import { receiptApi } from '../api/receiptApi';
import { RecordedSaleWayOn } from './RecordedSaleWayOn';
import { ReceiptTickets } from './ReceiptTickets';
import styles from './receipt.module.css';

/**
 * How the order was paid, as every receipt words it ('Paid in cash', 'Visa ending in 1111', 'Cash,
 * recorded by a student'), with a card's reference.
 */
export function paymentDescription(payment: Receipt['payment'], collectedOnly = false): string {
  const method = receiptPaymentMethod(payment, collectedOnly);
  return isCashOrCheck(payment.paymentTypeId) ? method : `${method} · reference ${payment.reference}`;
}

/**
 * What a donor files at tax time, or that a cash or check sale is not yet a tax receipt (the shared
 * rule's words, as on the PDF and the e-mail); nothing when there is none.
 */
function TaxStatement({ receipt }: { receipt: Receipt }) {
  const statement = receiptTaxStatement(receipt);
  if (!statement.length) return null;
  return (
    <section className={styles.taxStatement} aria-labelledby="receipt-tax">
      <h2 id="receipt-tax">{receiptStatementHeading(receipt)}</h2>
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
  const orderId = Number(useParams().orderId);
  const key = useSearchParams()[0].get('key') ?? '';
  const state = useAsync(() => receiptApi.get(orderId, key), [orderId, key]);
  const recorded = state.status === 'success' && isCashOrCheck(state.data.payment.paymentTypeId);
  const sale = recorded ? recordedSaleOf(orderId) : undefined;
  return (
    <main className="page">
      <PageHeading title="Receipt">Receipt</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' && (
        <article className={styles.receipt}>
          {state.data.ticketPurchaseGuid && <ReceiptTickets ticketPurchaseGuid={state.data.ticketPurchaseGuid} />}
          {sale && <RecordedSaleWayOn sale={sale} />}
          {/* Issue 34: a supporter or student erased at their request (docs/privacy.md) is named nowhere. */}
          <p className={styles.thanks}>
            {state.data.supporterFirstName ? `Thank you, ${state.data.supporterFirstName}!` : 'Thank you!'}
          </p>
          <p>
            {state.data.studentFirstName || state.data.studentLastName
              ? `Order #${state.data.orderId} for ${studentNameIn({}, state.data.studentFirstName, state.data.studentLastName, 'full')}, ${state.data.teamName} at ${state.data.schoolName}.`
              : `Order #${state.data.orderId}, ${state.data.teamName} at ${state.data.schoolName}.`}
          </p>
          <p data-testid="receipt-credit">
            {state.data.creditedStudent
              ? STUDENT_CREDIT_MESSAGES.supporting(state.data.creditedStudent)
              : STUDENT_CREDIT_MESSAGES.countedForTeam}
          </p>
          <p>
            {isCollectedOnly(state.data) ? 'Recorded' : 'Paid'} {receiptTime(state.data.paidAt, state.data)}
          </p>
          <table className={styles.table}>
            <caption className="visually-hidden">Order lines</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {receiptRows(state.data).map((row, index) => (
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
                  {receiptTotalLabel(state.data)}
                </th>
                <td data-testid="receipt-total">{formatCents(state.data.orderTotal)}</td>
              </tr>
            </tfoot>
          </table>
          <TaxStatement receipt={state.data} />
          <p>{paymentDescription(state.data.payment, isCollectedOnly(state.data))}</p>
          {(state.data.supporterFirstName || state.data.donorEmail) && (
            <p>
              {state.data.supporterFirstName} {state.data.supporterLastName} · {state.data.donorEmail}
            </p>
          )}
          <div className={styles.actions}>
            <Button variant={state.data.ticketPurchaseGuid ? 'secondary' : 'primary'} onClick={() => window.print()}>
              Print receipt
            </Button>
            <a
              className={styles.secondaryLink}
              href={receiptApi.pdfUrl(orderId, key)}
              download={`receipt-${orderId}.pdf`}
              type="application/pdf"
            >
              Download PDF
            </a>
          </div>
        </article>
      )}
    </main>
  );
}
