export { OffersPage } from './components/OffersPage';
export { RedeemOfferPage } from './components/RedeemOfferPage';
export { TicketPreviewPage } from './components/TicketPreviewPage';
