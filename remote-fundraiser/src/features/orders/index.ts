export { FundraiserOrdersPage } from './components/FundraiserOrdersPage';
export { ordersApi } from './api/ordersApi';
