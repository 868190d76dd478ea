import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRequest {
  to: string;
  body: string;
  idempotencyKey: string | undefined;
}

/**
 * A real HTTP SMS endpoint that answers each request with the next status of its script (then 200).
 * While `hold(true)` is on it answers nothing, as a provider that hangs: those requests are in
 * `held` until the caller goes away. `delivered` lists the requests it answered 200, as a provider
 * would count texts it took.
 */
export function smsEndpoint() {
  const received: SmsRequest[] = [];
  const delivered: SmsRequest[] = [];
  const held: SmsRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let script: number[] = [];
  let holding = false;
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const key = request.headers['idempotency-key'];
    const text: SmsRequest = { ...JSON.parse(raw), idempotencyKey: Array.isArray(key) ? key.join(',') : key };
    received.push(text);
    if (holding) {
      held.push(text);
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    const status = script.shift() ?? 200;
    if (status === 200) delivered.push(text);
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(status === 200 ? { id: `msg-${received.length}` } : { error: 'down' }));
  });
  return {
    received,
    delivered,
    held,
    answer(statuses: number[]) {
      script = [...statuses];
      received.length = 0;
    },
    /** Answers nothing from now on (`true`), or as scripted again (`false`). */
    hold(on: boolean) {
      holding = on;
    },
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
}
