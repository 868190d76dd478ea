export { ReceiptLookupPage } from './components/ReceiptLookupPage';
