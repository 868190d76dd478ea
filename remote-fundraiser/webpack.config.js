const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dir: __dirname,
  name: 'fundraiser',
  port: Number(process.env.FUNDRAISER_PORT || 8084),
  title: 'Fundraiser | Fundraising University',
  exposes: { './App': './src/App.tsx' },
});
