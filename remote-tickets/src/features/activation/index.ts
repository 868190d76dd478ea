export { ActivateTicketPage } from './components/ActivateTicketPage';
export { ActivationConfirmationPage } from './components/ActivationConfirmationPage';
export { RegisterDevicePage } from './components/RegisterDevicePage';
