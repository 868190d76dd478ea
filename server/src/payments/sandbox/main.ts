// `npm start` runs this on GATEWAY_PORT (8085): the payment sandbox on its own origin. The build
// puts it beside the API as server/dist/sandbox.js, for a staging site that takes test cards end to
// end; with NODE_ENV=production it starts only when SANDBOX_IN_PRODUCTION=true (settings.ts).
import { ConfigError } from '../../platform/config/config';
import { buildSandbox } from './app';
import { SANDBOX_IN_PRODUCTION_WARNING, sandboxSettings } from './settings';

const { settings, problems } = sandboxSettings(process.env);
if (problems.length) {
  console.error(new ConfigError(problems, 'The payment sandbox will not start').message);
  process.exit(1);
}
if (settings.production) console.warn(SANDBOX_IN_PRODUCTION_WARNING);
const app = await buildSandbox({
  secretKey: settings.secretKey,
  tokenizePerMinute: settings.tokenizePerMinute,
  chargeLatencyMs: settings.chargeLatencyMs,
});
await app.listen({ port: settings.port, host: settings.host });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
