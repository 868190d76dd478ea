// The baseline: a bare Fastify route answering a fixed JSON array, no database.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 19090);
const app = Fastify({ logger: false });
app.get('/bare', async () => ['Georgia', 'Ohio', 'Texas']);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
