import { useState } from 'react';
import { Button, ErrorSummary, errorMessage, PageHeading, Spinner, useAsync, useParams } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from '../api/checkoutApi';
import { tokenizeErrorText, UNKNOWN_PAYMENT_ERROR } from '../tokenizeErrors';
import { validateCard, type CardValues } from '../validation';
import { usePaymentSubmit } from '../usePaymentSubmit';
import { SupporterAddressFields, useSupporterAddress } from './SupporterAddress';
import { CardFields } from './CardFields';
import { OrderChangedNotice } from './OrderChangedNotice';
import { OrderSummary } from './OrderSummary';
import styles from './checkout.module.css';

const emptyCard = (): CardValues => ({ holderName: '', cardNumber: '', expiryMonth: '', expiryYear: '', cvv: '' });

function CheckoutForm({ order: loaded }: { order: CheckoutOrder }) {
  const address = useSupporterAddress();
  const [card, setCard] = useState<CardValues>(emptyCard);
  const { order, changed, errors, submitting, summaryRef, fail, onSubmit } = usePaymentSubmit(loaded);

  /** Tokenises the card at the gateway, then asks the API to charge the token. */
  async function pay(): Promise<string | undefined> {
    const { billing } = address;

    let token: string;
    try {
      const tokenized = await checkoutApi.tokenize(order.gatewayUrl, {
        holderName: card.holderName.trim(),
        cardNumber: card.cardNumber.replace(/[\s-]/g, ''),
        cvv: card.cvv.trim(),
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        billingAddress: {
          addressLine1: billing.address1.trim(),
          addressLine2: billing.address2.trim(),
          city: billing.city.trim(),
          state: billing.state,
          zip: billing.zip.trim(),
        },
      });
      if (!tokenized.token) return fail(tokenizeErrorText(tokenized));
      token = tokenized.token;
    } catch (error) {
      void checkoutApi.log(`Card Tokenization Error: ${errorMessage(error)}`);
      return fail(UNKNOWN_PAYMENT_ERROR);
    }

    return checkoutApi.processOrder(
      {
        ...address.details(order.orderId),
        payment: {
          amount: order.orderTotal,
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
    <form noValidate onSubmit={onSubmit(() => [...address.validate(), ...validateCard(card)], pay)}>
      <ErrorSummary ref={summaryRef} errors={errors} />
      <OrderChangedNotice message={changed} />
      <OrderSummary order={order} />
      <SupporterAddressFields address={address} errors={errors} />
      <fieldset>
        <legend>
          <h2>Card payment</h2>
        </legend>
        <CardFields values={card} errors={errors} onChange={setCard} />
      </fieldset>
      <Button type="submit" className={styles.submit} disabled={submitting}>
        Submit
      </Button>
    </form>
  );
}
/** /Checkout/{orderId} (spec §2 Checkout). */
export function CheckoutPage() {
  const orderId = Number(useParams().orderId);
  const state = useAsync(() => checkoutApi.getOrder(orderId), [orderId]);
  const testMode = state.status === 'success' && state.data.testMode;
  return (
    <main className="page">
      <PageHeading title="Checkout">Checkout{testMode && ' *TEST_MODE*'}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' &&
        (state.data.status === 'paid' ? (
          <p role="status">This order has been paid. Thank you for your support!</p>
        ) : (
          <CheckoutForm order={state.data} />
        ))}
    </main>
  );
}
