export { MyTicketPage } from './components/MyTicketPage';
