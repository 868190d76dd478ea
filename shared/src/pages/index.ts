// What a page needs before its code runs, known to the pages and to the server that renders their
// HTML: the route parameters, the page's first API calls, and where the inline runtime config sits.
// Pure functions, no React and no Node, so the server imports them as '@fu/shared/pages'.
export * from './routeParams';
export * from './firstCalls';
export * from './firstCallsOf';

/** The id of the `<script type="application/json">` that carries the runtime config in the served page. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'fu-runtime-config';
