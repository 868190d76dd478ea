export { OffersPage } from './components/OffersPage';
export { RedeemOfferPage } from './components/RedeemOfferPage';
