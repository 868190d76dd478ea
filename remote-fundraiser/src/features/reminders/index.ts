export { RemindersCard } from './components/RemindersCard';
export { RemindersRow } from './components/RemindersRow';
export { ConfirmPhonePanel } from './components/ConfirmPhonePanel';
export { useConfirmationLink } from './hooks/useConfirmationLink';
export { remindersApi } from './api/remindersApi';
