import pg from 'pg';

export interface Listener {
  /**
   * Settles once the first attempt to LISTEN has finished, listening or not (a failed attempt keeps
   * retrying in the background). An app awaits it before serving, so nothing it caches before then
   * can miss a change that the first connect's clear would otherwise race.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps one dedicated PostgreSQL connection LISTENing on `channel` and calls `onNotice` for each
 * notification. A dropped connection is reopened with a growing delay (up to `maxDelayMs`); after
 * every (re)connect `onNotice` is called once too, since notifications sent while nobody listened
 * are lost. The pool's connections are never used: a LISTEN belongs to one session.
 */
/** The listening connection's application_name (pg_stat_activity shows it). */
export const LISTENER_APPLICATION_NAME = 'fu-lookup-listener';

export function listen(options: {
  url: string;
  channel: string;
  onNotice: () => void;
  log: { warn(message: string): void };
  firstDelayMs?: number;
  maxDelayMs?: number;
}): Listener {
  const firstDelayMs = options.firstDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  let client: pg.Client | undefined;
  let delayMs = firstDelayMs;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const retry = (reason: string) => {
    if (closed || timer) return;
    options.log.warn(`lookup invalidation: ${reason}; listening again in ${delayMs} ms`);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delayMs);
    timer.unref();
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotice();
    });
    next.on('error', (error) => {
      void next.end().catch(() => undefined);
      if (client === next) retry(`connection lost (${error.message})`);
    });
    next.on('end', () => {
      if (client === next) retry('connection ended');
    });
    try {
      await next.connect();
      // The channel is a fixed identifier, not input.
      await next.query(`LISTEN ${options.channel}`);
      if (closed) return void (await next.end().catch(() => undefined));
      delayMs = firstDelayMs;
      options.onNotice();
    } catch (error) {
      void next.end().catch(() => undefined);
      if (client === next) retry(`could not listen (${(error as Error).message})`);
    }
  };

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
