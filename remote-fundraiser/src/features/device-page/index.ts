export { FundraiserPage } from './components/FundraiserPage';
export { offersCashCheckOrder } from './cashCheck';
export { shareContent, shareOrCopy } from './share';
