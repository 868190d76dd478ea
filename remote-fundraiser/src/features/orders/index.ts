export { FundraiserOrdersPage } from './components/FundraiserOrdersPage';
