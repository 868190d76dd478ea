// Rules the pages and the server both apply: one home each (docs/architecture.md). Pure functions,
// no React and no Node, so the server imports them as '@fu/shared/rules'.
export * from './phone';
export * from './textablePhone';
export * from './guid';
export * from './ticketLink';
export * from './cashCheck';
export * from './supporterDetails';
export * from './paymentWording';
export * from './card';
export * from './shipping';
export * from './receiptStatement';
export * from './typedText';
export * from './studentName';
export * from './personName';
export * from './studentMatch';
export * from './redeemRepeat';
export * from './orderCatalog';
export * from './orderAmounts';
export * from './orderRules';
export * from './teamPhoto';
