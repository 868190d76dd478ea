export { OrderPage, type OrderRoute } from './components/OrderPage';
