import { registerCatalogs } from '@fu/shared';

// This remote's messages (docs/i18n.md): its App's module registers them, the page loads its language's.
registerCatalogs('tickets', { en: () => import('./en.json'), es: () => import('./es.json') });
