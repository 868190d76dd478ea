import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy a fault test puts between the API and PostgreSQL or Redis, to play what an operator
 * sees of an outage from the API's side: every open connection cut at once (a dropped network, a
 * killed server), new connections refused (nothing listening), and the service back again.
 */
export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1), the same before and after an outage. */
  readonly port: number;
  /** Connections open through the proxy now (each counted once, not its two sockets). */
  readonly connections: number;
  /** Destroys every open connection on both sides, as a dropped link does; new ones are accepted. */
  cut(): void;
  /** Stops listening, so connecting is refused, and cuts every open connection. */
  refuse(): Promise<void>;
  /** Listens and forwards again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free port of 127.0.0.1 forwarding to `host:port`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const cut = () => {
    for (const pair of pairs) for (const socket of pair) socket.destroy();
    pairs.clear();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      cut();
    });

  await listen(0);
  const { port } = server.address() as { port: number };
  return {
    port,
    get connections() {
      return pairs.size;
    },
    cut,
    refuse: stopListening,
    restore: () => (server.listening ? Promise.resolve() : listen(port)),
    close: stopListening,
  };
}
