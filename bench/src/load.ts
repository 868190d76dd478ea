import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Body bytes of the last answer (sequentialLatency only). */
  bytes?: number;
}

export interface LoadOptions {
  seconds?: number;
  /** Keep-alive connections, each sending its next request when the last one is answered. */
  connections?: number;
  headers?: Record<string, string>;
}

/**
 * What a browser sends about encodings: the API compresses larger answers for such a client, and
 * that work belongs in the measurement.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * A closed-loop load on one URL with autocannon (its own HTTP client and parser, several times the
 * rate of a loop over node:http here, so on two cores the generator is not what limits a bare
 * Fastify route). Every route is measured the same way, bare route included.
 */
export async function load(
  url: string,
  { seconds = 5, connections = 32, headers = BROWSER_HEADERS }: LoadOptions = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const requests = result.requests.total;
  return {
    requests,
    errors: result.errors + result.timeouts + result.non2xx,
    seconds: result.duration,
    requestsPerSecond: requests / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/**
 * One request at a time over one keep-alive connection for `seconds`: per-request latency with
 * sub-millisecond resolution (autocannon's histogram counts whole milliseconds).
 */
export async function sequentialLatency(
  url: string,
  { seconds = 2, headers = {} }: { seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const status = await new Promise<number>((resolve) => {
        const request = http.get(url, { agent, headers }, (response) => {
          let size = 0;
          response.on('data', (chunk: Buffer) => (size += chunk.length));
          response.on('end', () => {
            bytes = size;
            resolve(response.statusCode ?? 0);
          });
        });
        request.on('error', () => resolve(0));
      });
      latencies.push(performance.now() - t0);
      if (status < 200 || status > 299) errors++;
    }
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    bytes,
  };
}
