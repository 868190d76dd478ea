// What a page needs before its code runs, known to the pages and to the server that renders their
// HTML: the route parameters, the page's first API calls, and where the inline runtime config sits.
// Pure functions, no React and no Node, so the server imports them as '@fu/shared/pages'.
export * from './routeParams';
export * from './firstCalls';
export * from './selectionLinks';
export * from './teamHeader';
export * from './firstScreens';
export * from './checkoutScreen';

/** The id of the `<script type="application/json">` that carries the runtime config in the served page. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'fu-runtime-config';

/**
 * The id of the `<style>` in which the server writes the site's global styles (tokens.css and
 * firstPaint.css) into the page's head; the shell fetches them as script only on a page without it.
 */
export const GLOBAL_STYLES_ELEMENT_ID = 'fu-global-styles';
export * from './linkShapes';

/**
 * The id of the `<script type="application/json">` that carries the answers the server read for a
 * page's first calls, when it rendered the page's first screen; the app hydrates from them.
 */
export const SERVED_ANSWERS_ELEMENT_ID = 'fu-served-answers';
export * from './servedAnswers';
