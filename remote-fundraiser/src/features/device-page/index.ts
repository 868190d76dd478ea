export { FundraiserPage } from './components/FundraiserPage';
