// Name, exposed module and dev-server port: this remote's entry in shared/src/remotes.json.
const { createRemoteConfig } = require('../webpack.common');

module.exports = createRemoteConfig({ dir: __dirname, title: 'Fundraiser | Fundraising University' });
