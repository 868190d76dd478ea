export { CashCheckPage } from './components/CashCheckPage';
