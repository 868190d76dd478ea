import { useState } from 'react';
import {
  ErrorSummary,
  errorMessage,
  PageHeading,
  shipsSomething,
  showsConvenienceFee,
  Spinner,
  useAsync,
  ServedForm,
  useParams,
  useT,
} from '@fu/shared';
import {
  checkoutApi,
  OrderChangedNotice,
  OrderSummary,
  PaidOrder,
  SubmitButton,
  SupporterAddressFields,
  useSupporterAddress,
  usePaymentSubmit,
  type CheckoutOrder,
} from '../../checkout';
import { validatePayment } from '../payment';
import { PaymentTypeFields } from './PaymentTypeFields';
import { RecordingSale } from './RecordingSale';

function CashCheckForm({ order: loaded }: { order: CheckoutOrder }) {
  const t = useT();
  const address = useSupporterAddress(shipsSomething(loaded));
  const [paymentTypeId, setPaymentTypeId] = useState<number | null>(loaded.paymentTypeId);
  const [checkNumber, setCheckNumber] = useState('');
  // In the order the page asks: the error summary lists the payment type's problem first.
  const { order, changed, errors, submitting, summaryRef, onSubmit } = usePaymentSubmit(loaded, () => [
    ...validatePayment(paymentTypeId, checkNumber),
    ...address.validate(),
  ]);

  // What is recorded as collected is the order's total: the fee shows only while no type is chosen.
  const pay = () =>
    checkoutApi.processCashCheck({
      ...address.details(order.orderId),
      paymentTypeId,
      checkNumber: checkNumber.trim() || null,
      payment: { amount: order.orderTotal },
    });

  return (
    <form noValidate aria-busy={submitting || undefined} onSubmit={onSubmit(pay)}>
      <ServedForm>
        <ErrorSummary ref={summaryRef} errors={errors} />
        <OrderChangedNotice message={changed} />
        {/* How it was paid first, then the summary of what will be recorded, then who paid. */}
        <fieldset>
          <legend>
            <h2>{t('checkout.cashCheck.paymentHeading')}</h2>
          </legend>
          <PaymentTypeFields
            paymentTypeId={paymentTypeId}
            checkNumber={checkNumber}
            errors={errors}
            onTypeChange={setPaymentTypeId}
            onCheckNumberChange={setCheckNumber}
          />
        </fieldset>
        <OrderSummary order={order} convenienceFee={showsConvenienceFee(paymentTypeId) ? order.convenienceFee : 0} />
        <SupporterAddressFields address={address} errors={errors} />
        <SubmitButton submitting={submitting}>{t('checkout.cashCheck.submit')}</SubmitButton>
      </ServedForm>
    </form>
  );
}

/**
 * /CheckoutCashCheck/{orderId}/{cashcheck}: a student records a cash or check payment (spec §2). It
 * says whom the sale is for and asks how it was paid first (starting on the type the order
 * records), above the summary: the summary shows spec §9's 5% fee only while no type is chosen, so
 * once Cash or Check is picked it shows what will be recorded, the order's total (issue 31).
 * {cashcheck} only marks the cash/check flow.
 */
export function CashCheckPage() {
  const t = useT();
  const { orderId } = useParams();
  const state = useAsync(() => checkoutApi.getOrder(Number(orderId)), [orderId]);
  return (
    <main className="page">
      <PageHeading title={t('checkout.cashCheck.heading')}>{t('checkout.cashCheck.heading')}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' &&
        (state.data.status === 'paid' ? (
          <PaidOrder order={state.data} />
        ) : (
          <>
            <RecordingSale order={state.data} />
            <CashCheckForm order={state.data} />
          </>
        ))}
    </main>
  );
}
