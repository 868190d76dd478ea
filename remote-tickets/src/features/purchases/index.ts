export { ManageDiscountsPage } from './components/ManageDiscountsPage';
