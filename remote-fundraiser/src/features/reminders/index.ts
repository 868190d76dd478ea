export { RemindersCard } from './components/RemindersCard';
export { RemindersRow } from './components/RemindersRow';
export { remindersApi } from './api/remindersApi';
