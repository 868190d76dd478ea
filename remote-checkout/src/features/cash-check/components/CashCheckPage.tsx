import { useRef, useState } from 'react';
import {
  Button,
  ErrorSummary,
  errorMessage,
  PageHeading,
  showsConvenienceFee,
  Spinner,
  useAsync,
  type FieldError,
  useParams,
} from '@fu/shared';
import {
  checkoutApi,
  goToReceipt,
  OrderSummary,
  SupporterAddressFields,
  useSupporterAddress,
  type CheckoutOrder,
} from '../../checkout';
import { validatePayment } from '../payment';
import { PaymentTypeFields } from './PaymentTypeFields';
import styles from './cashCheck.module.css';

function CashCheckForm({ order }: { order: CheckoutOrder }) {
  const address = useSupporterAddress();
  const [paymentTypeId, setPaymentTypeId] = useState<number | null>(order.paymentTypeId);
  const [checkNumber, setCheckNumber] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  function fail(message: string) {
    window.alert(message);
    setSubmitting(false);
  }

  async function submit() {
    const found = [...address.validate(), ...validatePayment(paymentTypeId, checkNumber)];
    setErrors(found);
    if (found.length) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSubmitting(true);
    let answer: string;
    try {
      answer = await checkoutApi.processCashCheck({
        ...address.details(order.orderId),
        paymentTypeId,
        checkNumber: checkNumber.trim() || null,
      });
    } catch (error) {
      void checkoutApi.log(`Order was unsuccessful: ${errorMessage(error)}`);
      return fail('Order was unsuccessful');
    }
    if (answer !== 'success') return fail(answer);
    await goToReceipt(order.appSiteUrl, order.orderId);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary ref={summaryRef} errors={errors} />
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
        (state.data.status === 'paid' ? (
          <p role="status">This order has been paid. Thank you for your support!</p>
        ) : (
          <CashCheckForm order={state.data} />
        ))}
    </main>
  );
}
