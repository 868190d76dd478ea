export { TeamEditPage } from './components/TeamEditPage';
