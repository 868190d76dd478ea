export { OrderPage } from './components/OrderPage';
export { INACTIVE_MESSAGE } from './components/messages';
