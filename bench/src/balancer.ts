// A small HTTP load balancer for the rush (bench/src/rush.ts): round robin over API instances, as a
// balancer without sticky sessions. It behaves as the proxy docs/operations.md describes in front of
// several instances: it appends the address it was connected from to X-Forwarded-For (so each
// virtual supporter, connecting from its own loopback address, keeps its own client address behind
// TRUST_PROXY), sets X-Forwarded-Proto and X-Forwarded-Host, and drops the hop-by-hop headers in
// both directions. Run as its own process so its work is not the load generator's:
//   node --import tsx bench/src/balancer.ts <port> <upstream port> [<upstream port>…]
import http from 'node:http';

/** RFC 9110 §7.6.1: headers for one connection only, never forwarded (plus those `Connection` names). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers without the hop-by-hop ones, including each the `Connection` header lists. */
export function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

/** X-Forwarded-For with the connecting peer appended, as a proxy adds itself to the chain. */
export function forwardedFor(existing: string | string[] | undefined, peer: string): string {
  const before = [existing ?? []].flat().join(', ').trim();
  const address = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  return before ? `${before}, ${address}` : address;
}

export function startBalancer(port: number, upstreams: number[]): http.Server {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const upstream = upstreams[turn++ % upstreams.length]!;
    const headers = endToEnd(request.headers);
    headers['x-forwarded-for'] = forwardedFor(request.headers['x-forwarded-for'], request.socket.remoteAddress ?? '');
    headers['x-forwarded-proto'] = 'http';
    if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
    const forwarded = http.request(
      { host: '127.0.0.1', port: upstream, method: request.method, path: request.url, headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      if (response.headersSent) response.destroy(error);
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(`balancer: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
  return server;
}

if (process.argv[1]?.endsWith('balancer.ts')) {
  const [port, ...upstreams] = process.argv.slice(2).map(Number);
  if (!port || upstreams.length === 0 || upstreams.some((p) => !p)) {
    console.error('usage: balancer.ts <port> <upstream port> [<upstream port>…]');
    process.exit(2);
  }
  const server = startBalancer(port, upstreams);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  // Health: answered by the upstreams (GET /api/health through the balancer).
}
