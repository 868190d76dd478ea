import { useEffect, useState } from 'react';
import {
  ACCESS_MESSAGES,
  cardDigits,
  CHECKOUT_HEADING,
  checkoutHeading,
  ErrorSummary,
  errorMessage,
  firstCalls,
  formatCents,
  normalizeExpiryMonth,
  orderCreditLine,
  PageHeading,
  parseRecordId,
  shipsSomething,
  Spinner,
  testCardsNote,
  useAsync,
  ServedForm,
  useParams,
  useServedAnswer,
  useT,
  type Translate,
} from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from '../api/checkoutApi';
import { withDeclineAdvice } from '../declineAdvice';
import { tokenizeErrorText } from '../tokenizeErrors';
import { validateCard, type CardValues } from '../validation';
import { usePaymentSubmit } from '../usePaymentSubmit';
import { SupporterAddressFields, useSupporterAddress } from './SupporterAddress';
import { CardFields } from './CardFields';
import { CoverFeesBox } from './CoverFeesBox';
import { OrderChangedNotice } from './OrderChangedNotice';
import { OrderSummary } from './OrderSummary';
import { PaidOrder } from './PaidOrder';
import { SubmitButton } from './SubmitButton';
import styles from './checkout.module.css';

const emptyCard = (): CardValues => ({ holderName: '', cardNumber: '', expiryMonth: '', expiryYear: '', cvv: '' });

/** The Submit button's words: what it does and for how much (a deviation from the spec's 'Submit', docs/checkout.md). */
export const submitLabel = (orderTotal: number, t: Translate) =>
  t('checkout.payment.submit', { amount: formatCents(orderTotal) });

function CheckoutForm({ order: loaded }: { order: CheckoutOrder }) {
  const t = useT();
  const address = useSupporterAddress(shipsSomething(loaded));
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [coverFees, setCoverFees] = useState(false);
  const { order, changed, errors, failure, submitting, summaryRef, fail, onSubmit } = usePaymentSubmit(loaded, () => [
    ...address.validate(),
    ...validateCard(card),
  ]);
  // The server prices the fee (0: no box); an order changed elsewhere comes back with its own.
  const coveredFee = coverFees ? order.coverFeesAmount : 0;
  const charge = order.orderTotal + coveredFee;

  // A declined or failed payment: the message stays above the card fields, what was typed stays,
  // and the card number takes focus for another try.
  useEffect(() => {
    if (failure?.message) document.getElementById('cardNumber')?.focus();
  }, [failure]);

  /** Tokenises the card at the gateway, then asks the API to charge the token. */
  async function pay(): Promise<string | undefined> {
    const { billing } = address;

    let token: string;
    try {
      const tokenized = await checkoutApi.tokenize(order.gatewayUrl, {
        holderName: card.holderName.trim(),
        cardNumber: cardDigits(card.cardNumber),
        cvv: card.cvv.trim(),
        expiryMonth: normalizeExpiryMonth(card.expiryMonth) ?? card.expiryMonth,
        expiryYear: card.expiryYear,
        billingAddress: {
          addressLine1: billing.address1.trim(),
          addressLine2: billing.address2.trim(),
          city: billing.city.trim(),
          state: billing.state,
          zip: billing.zip.trim(),
        },
      });
      if (!tokenized.token) return fail(tokenizeErrorText(tokenized, t));
      token = tokenized.token;
    } catch (error) {
      void checkoutApi.log(`Card Tokenization Error: ${errorMessage(error)}`);
      return fail(t('checkout.payment.unknownError'));
    }

    return checkoutApi.processOrder(
      {
        ...address.details(order.orderId),
        coverFees: coveredFee > 0,
        payment: {
          amount: charge,
          firstName: billing.firstName.trim(),
          lastName: billing.lastName.trim(),
          address1: billing.address1.trim(),
          address2: billing.address2.trim() || null,
          city: billing.city.trim(),
          state: billing.state,
          zip: billing.zip.trim(),
          token,
        },
      },
      order.testMode,
    );
  }

  return (
    <form noValidate aria-busy={submitting || undefined} onSubmit={onSubmit(pay)}>
      <ServedForm>
        <ErrorSummary ref={summaryRef} errors={errors} />
        <OrderChangedNotice message={changed} />
        <OrderSummary order={order} coveredFee={coveredFee} />
        <CoverFeesBox order={order} checked={coverFees} onChange={setCoverFees} />
        {/* Below the boxes the server paints first, so they stay where they were. */}
        <p className={styles.credit} data-testid="order-credit">
          {orderCreditLine(order, t)}
        </p>
        <SupporterAddressFields address={address} errors={errors} />
        <fieldset>
          <legend>
            <h2>{t('checkout.card.heading')}</h2>
          </legend>
          {failure?.message && (
            <p id="payment-error" className={styles.paymentError}>
              <span className="visually-hidden">{t('checkout.error.prefix')}</span>
              {failure.declined ? withDeclineAdvice(failure.message, t) : failure.message}
            </p>
          )}
          {order.testMode && <p>{testCardsNote(t)}</p>}
          <CardFields values={card} errors={errors} onChange={setCard} />
        </fieldset>
        <SubmitButton submitting={submitting}>{submitLabel(charge, t)}</SubmitButton>
      </ServedForm>
    </form>
  );
}

/** /Checkout/{orderId} (spec §2 Checkout). */
export function CheckoutPage() {
  const t = useT();
  const orderId = parseRecordId(useParams().orderId);
  // An id no order can have (/Checkout/abc) is no order: no call, and the words another browser's
  // order gets, which the server's first paint shows for it too.
  const state = useAsync(
    () => (orderId === undefined ? Promise.resolve(undefined) : checkoutApi.getOrder(orderId)),
    [orderId],
    useServedAnswer(orderId === undefined ? undefined : firstCalls.order(orderId)),
  );
  const order = state.status === 'success' ? state.data : undefined;
  return (
    <main className="page">
      <PageHeading title={t(CHECKOUT_HEADING)}>{checkoutHeading(order?.testMode ?? false, t)}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' && !order && <p role="alert">{t(ACCESS_MESSAGES.orderNotFound)}</p>}
      {order && (order.status === 'paid' ? <PaidOrder order={order} /> : <CheckoutForm order={order} />)}
    </main>
  );
}
