// The ticket's session and the frame every wallet page is drawn in, with the tickets API they share.
export { ticketsApi } from './api/ticketsApi';
export { TicketFrame } from './components/TicketFrame';
