export { SelectStatePage } from './components/SelectStatePage';
export { SelectSchoolPage } from './components/SelectSchoolPage';
export { SelectTeamPage } from './components/SelectTeamPage';
export * from './selectionLinks';
