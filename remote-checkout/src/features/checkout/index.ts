export { CheckoutPage } from './components/CheckoutPage';
// What the cash/check checkout reuses: the address forms, the summary and the submit cycle.
export { SupporterAddressFields, useSupporterAddress } from './components/SupporterAddress';
export { OrderSummary } from './components/OrderSummary';
export { OrderChangedNotice } from './components/OrderChangedNotice';
export { checkoutApi, type CheckoutOrder } from './api/checkoutApi';
export { usePaymentSubmit } from './usePaymentSubmit';
export { PaidOrder } from './components/PaidOrder';
export { SubmitButton } from './components/SubmitButton';
