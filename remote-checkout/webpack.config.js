const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dir: __dirname,
  name: 'checkout',
  port: Number(process.env.CHECKOUT_PORT || 8082),
  title: 'Checkout | Fundraising University',
  exposes: { './App': './src/App.tsx' },
});
