// Name, exposed module and dev-server port: this remote's entry in shared/src/remotes.json.
const { createRemoteConfig, createServerConfig } = require('../webpack.common');

module.exports = createRemoteConfig({ dir: __dirname, title: 'Fundraiser | Fundraising University' });
// Its pages' first screens, for the API to render from a release (server/src/pages/render/renderWorker.ts).
module.exports.server = createServerConfig({ dir: __dirname, name: 'fundraiser', entry: './src/server.ts' });
