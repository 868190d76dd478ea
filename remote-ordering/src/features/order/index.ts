export { OrderPage, type OrderRoute } from './components/OrderPage';
export { INACTIVE_MESSAGE } from './components/messages';
