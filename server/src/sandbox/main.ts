// `npm start` runs this on GATEWAY_PORT (8085): the payment sandbox on its own origin.
import { buildSandbox } from './app';

const port = Number(process.env.GATEWAY_PORT || 8085);
const app = await buildSandbox({
  secretKey: process.env.SANDBOX_SECRET_KEY || 'sk_sandbox_local',
  tokenizePerMinute: Number(process.env.RATE_LIMIT_TOKENIZE || 20),
  chargeLatencyMs: Number(process.env.SANDBOX_CHARGE_LATENCY_MS || 0),
});
await app.listen({ port, host: process.env.HOST || 'localhost' });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
