// The remote's server build (dist/server/first-screens.cjs, webpack.common.js createServerConfig):
// what the API's render worker takes from a release to read a page's first calls and render its
// first screen. The same table and App the browser build exposes.
import type { Catalogs } from '@fu/shared';
import en from './i18n/en.json';
import es from './i18n/es.json';
export { pages } from './pages';
export { App } from './App';
// Its messages in every language, compiled (scripts/catalogLoader.cjs): the render worker's for this release.
export const catalogs = { en, es } as unknown as Catalogs;
// Its CSS modules' rules, for the rendered page's head (webpack.common.js createServerConfig).
export { serverCss as css } from '../../scripts/serverCss.cjs';
