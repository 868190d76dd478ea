export { MyFundraisersPage } from './components/MyFundraisersPage';
