export { MyFundraisersPage } from './components/MyFundraisersPage';
export { myFundraisersApi } from './api/myFundraisersApi';
