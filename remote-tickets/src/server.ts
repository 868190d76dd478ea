// The remote's server build (dist/server/first-screens.cjs, webpack.common.js createServerConfig):
// what the API's render worker takes from a release to read a page's first calls and render its
// first screen. The same table and App the browser build exposes.
export { pages } from './pages';
export { App } from './App';
// Its CSS modules' rules, for the rendered page's head (webpack.common.js createServerConfig).
export { serverCss as css } from '../../scripts/serverCss.cjs';
