const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dir: __dirname,
  name: 'tickets',
  port: Number(process.env.TICKETS_PORT || 8083),
  title: 'Tickets | Fundraising University',
  exposes: { './App': './src/App.tsx' },
});
