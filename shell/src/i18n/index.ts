import { registerCatalogs } from '@fu/shared';

// The shell's messages (its layout, Help, the admin redirect), loaded for the page's language.
registerCatalogs('shell', { en: () => import('./en.json'), es: () => import('./es.json') });
