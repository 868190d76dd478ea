const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dir: __dirname,
  name: 'ordering',
  port: Number(process.env.ORDERING_PORT || 8081),
  title: 'Ordering | Fundraising University',
  exposes: { './App': './src/App.tsx' },
});
