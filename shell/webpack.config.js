const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: Number(process.env.SHELL_DEV_PORT || 3000),
  title: 'Fundraising University',
});
