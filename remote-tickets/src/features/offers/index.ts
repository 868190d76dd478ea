export { OffersPage } from './components/OffersPage';
export { RedeemOfferPage } from './components/RedeemOfferPage';
export { HistoryPage } from './components/HistoryPage';
export { TicketPreviewPage } from './components/TicketPreviewPage';
