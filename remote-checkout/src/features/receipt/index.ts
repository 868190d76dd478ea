export { ReceiptPage } from './components/ReceiptPage';
