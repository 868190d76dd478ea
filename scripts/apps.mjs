// The five browser apps, where they live and the port each is served from by `npm start`.
export const apps = [
  { name: 'shell', dir: 'shell', portEnv: 'PORT', port: 8080 },
  { name: 'ordering', dir: 'remote-ordering', portEnv: 'ORDERING_PORT', port: 8081 },
  { name: 'checkout', dir: 'remote-checkout', portEnv: 'CHECKOUT_PORT', port: 8082 },
  { name: 'tickets', dir: 'remote-tickets', portEnv: 'TICKETS_PORT', port: 8083 },
  { name: 'fundraiser', dir: 'remote-fundraiser', portEnv: 'FUNDRAISER_PORT', port: 8084 },
];

export const remotes = apps.filter((app) => app.name !== 'shell');

export function portOf(app, env = process.env) {
  return Number(env[app.portEnv] || app.port);
}
