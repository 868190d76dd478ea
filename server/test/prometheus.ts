import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/** GET /metrics of an app whose metrics are open (no METRICS_TOKEN, outside production): the text. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject('/metrics');
  assert.equal(response.statusCode, 200, response.body);
  return response.body;
}

/** The value of one series in Prometheus text format (0 when it has not been counted yet). */
export function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? ([-+\d.eE]+|NaN)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.length === has.length && wanted.every((pair) => has.includes(pair))) return Number(match[3]);
  }
  return 0;
}
