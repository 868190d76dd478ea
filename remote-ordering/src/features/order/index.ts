export { OrderPage, INACTIVE_MESSAGE } from './components/OrderPage';
