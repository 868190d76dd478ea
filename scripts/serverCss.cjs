// The CSS of a server build's modules, in the order they were loaded (serverCssLoader.cjs adds them).
const parts = [];

module.exports = {
  addServerCss(css) {
    parts.push(css);
  },
  /** Every rule loaded so far: a page's lazy parts are loaded once it has been rendered. */
  serverCss() {
    return parts.join('\n');
  },
};
