export { MyTeamPage } from './components/MyTeamPage';
