export { FundraiserPage } from './components/FundraiserPage';
export { shareContent, shareOrCopy } from './share';
