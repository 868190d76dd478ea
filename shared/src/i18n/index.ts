import { registerCatalogs } from './catalogs';

export * from './languages';
export * from './catalogs';
export * from './react';
export * from './pageLanguage';
export { currentPageLanguage, pageMessage } from './current';

// @fu/shared's own messages: its components' and the messages the server and the pages share.
registerCatalogs('shared', { en: () => import('./en.json'), es: () => import('./es.json') });
