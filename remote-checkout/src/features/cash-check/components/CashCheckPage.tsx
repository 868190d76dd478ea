import { useState } from 'react';
import {
  Button,
  ErrorSummary,
  errorMessage,
  PageHeading,
  shipsSomething,
  showsConvenienceFee,
  Spinner,
  useAsync,
  useParams,
} from '@fu/shared';
import {
  checkoutApi,
  OrderChangedNotice,
  OrderSummary,
  PaidOrder,
  SupporterAddressFields,
  useSupporterAddress,
  usePaymentSubmit,
  type CheckoutOrder,
} from '../../checkout';
import { validatePayment } from '../payment';
import { PaymentTypeFields } from './PaymentTypeFields';
import styles from './cashCheck.module.css';

function CashCheckForm({ order: loaded }: { order: CheckoutOrder }) {
  const address = useSupporterAddress(shipsSomething(loaded));
  const [paymentTypeId, setPaymentTypeId] = useState<number | null>(loaded.paymentTypeId);
  const [checkNumber, setCheckNumber] = useState('');
  const { order, changed, errors, submitting, summaryRef, onSubmit } = usePaymentSubmit(loaded, () => [
    ...address.validate(),
    ...validatePayment(paymentTypeId, checkNumber),
  ]);

  // The total recorded as collected is the order's: the fee is shown only while no type is chosen.
  const pay = () =>
    checkoutApi.processCashCheck({
      ...address.details(order.orderId),
      paymentTypeId,
      checkNumber: checkNumber.trim() || null,
      payment: { amount: order.orderTotal },
    });

  return (
    <form noValidate onSubmit={onSubmit(pay)}>
      <ErrorSummary ref={summaryRef} errors={errors} />
      <OrderChangedNotice message={changed} />
      <OrderSummary order={order} convenienceFee={showsConvenienceFee(paymentTypeId) ? order.convenienceFee : 0} />
      <SupporterAddressFields address={address} errors={errors} />
      <fieldset>
        <legend>
          <h2>Payment</h2>
        </legend>
        <PaymentTypeFields
          paymentTypeId={paymentTypeId}
          checkNumber={checkNumber}
          errors={errors}
          onTypeChange={setPaymentTypeId}
          onCheckNumberChange={setCheckNumber}
        />
      </fieldset>
      <Button type="submit" className={styles.submit} disabled={submitting}>
        Submit
      </Button>
    </form>
  );
}

/**
 * /CheckoutCashCheck/{orderId}/{cashcheck}: a student records a cash or check payment (spec §2). The
 * payment type, and so the fee, comes from the order; {cashcheck} only marks the cash/check flow.
 */
export function CashCheckPage() {
  const { orderId } = useParams();
  const state = useAsync(() => checkoutApi.getOrder(Number(orderId)), [orderId]);
  return (
    <main className="page">
      <PageHeading title="Cash / Check Order">Cash / Check Order</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' &&
        (state.data.status === 'paid' ? <PaidOrder order={state.data} /> : <CashCheckForm order={state.data} />)}
    </main>
  );
}
