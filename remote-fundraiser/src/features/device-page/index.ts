export { FundraiserPage } from './components/FundraiserPage';
export { shareContent, shareOrCopy } from './share';
export { deviceApi } from './api/deviceApi';
