// The server builds' CSS loader (webpack.common.js createServerConfig): a CSS module gives its class
// names, as in the browser build, and its CSS text goes to the build's registry (serverCss.cjs), so the
// page the server renders carries the styles of what it rendered before the remote's script (which
// injects the same rules) arrives.
const path = require('node:path');

const registry = path.join(__dirname, 'serverCss.cjs');

module.exports.pitch = function pitch(request) {
  return [
    `import content from ${JSON.stringify(`!!${request}`)};`,
    `import { addServerCss } from ${JSON.stringify(registry)};`,
    'addServerCss(String(content));',
    'export default content.locals || {};',
  ].join('\n');
};
