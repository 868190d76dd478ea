import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message (any user, no TLS) and keeps
 * it parsed, unless its script says to refuse the next ones with a temporary failure (451). While
 * `hold(true)` is on it takes a message's data and never answers, as a mail server that hangs:
 * such a message is not accepted (`held` counts them), and the sender's connection stays open.
 */
export function smtpTestServer() {
  const received: ParsedMail[] = [];
  let refuseNext = 0;
  let holding = false;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding) {
          held++;
          return;
        }
        if (refuseNext > 0) {
          refuseNext--;
          const error = new Error('try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  return {
    received,
    /** How many messages arrived while holding, and were never answered. */
    held: () => held,
    /** Refuses the next `count` messages (451), then accepts again. */
    refuse(count: number) {
      refuseNext = count;
    },
    /** Answers no message from now on (`true`), or accepts them again (`false`). */
    hold(on: boolean) {
      holding = on;
    },
    reset() {
      received.length = 0;
      refuseNext = 0;
      holding = false;
      held = 0;
    },
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: () => `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
