import { setTimeout as sleep } from 'node:timers/promises';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { cardCheckout, DECLINED_CARD, GOOD_CARD, newOrderBody, orderItems, tokenizeCard } from './fixtures';

/** Demo catalogue of fundraiser 1 (server/src/catalog/import/demo-data.json): option → item and price. */
const OPTIONS = [
  { itemId: 11, itemOptionId: 111, price: 1800 },
  { itemId: 46, itemOptionId: 461, price: 1500 },
  { itemId: 43, itemOptionId: 431, price: 2500 }, // the digital discount card: paying it issues a ticket
];

/** Longer than any answer may take (the pool gives up waiting for a connection after 5 s): no answer then. */
const REQUEST_TIMEOUT_MS = 15_000;
/** How long a browser of the load waits after an answer that is not a success, as a person would. */
const PAUSE_AFTER_FAILURE_MS = 50;

/** One answer the API gave (or did not give) to the load, with the phase of the test it came in. */
export interface Answer {
  phase: string;
  call: 'CreateOrder' | 'GetOrder' | 'ProcessOrder' | 'ListActiveStates';
  /** The HTTP status, or 'no answer' when the connection failed (the process is gone or dropped it). */
  status: number | 'no answer';
  retryAfter: string | null;
  body: unknown;
}

/** An order the load created and tried to pay, with what each ProcessOrder for it answered. */
export interface CardOrder {
  orderId: number;
  cookie: string;
  token: string;
  amount: number;
  declinedCard: boolean;
  /** Each ProcessOrder answer: 'success', the decline sentence, or the status of anything else. */
  outcomes: (string | number)[];
}

const json = { 'content-type': 'application/json' };

const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Browsers that each create an order, read it back, pay it by card through the payment sandbox and
 * read a lookup, over and over, against a running API: the load a fault test keeps busy while it
 * takes a dependency away. Every answer is recorded with the phase the test has set, and so is a
 * request that got no answer at all.
 */
export class OrderLoad {
  /** What the test is doing now; each answer is tagged with it. */
  phase = 'warm-up';
  readonly answers: Answer[] = [];
  readonly orders = new Map<number, CardOrder>();
  /** API requests sent and not answered yet. */
  inFlight = 0;
  private running: Promise<void>[] = [];
  private stopping = false;
  private round = 0;

  constructor(private readonly options: { apiUrl: string; sandboxUrl: string; browsers: number }) {}

  start(): void {
    this.stopping = false;
    this.running = Array.from({ length: this.options.browsers }, () => this.browse());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  /** Payments answered 'success' since answer number `from` (an earlier `answers.length`). */
  paidSince(from: number): number {
    return this.answers.slice(from).filter((answer) => answer.call === 'ProcessOrder' && answer.body === 'success')
      .length;
  }

  /** Pays `order` again with the same card token, as a supporter pressing Pay again after a 503 does. */
  async payAgain(order: CardOrder): Promise<Answer> {
    return this.pay(order);
  }

  private async browse(): Promise<void> {
    const browser: { cookie?: string } = {};
    while (!this.stopping) {
      const n = this.round++;
      const lines = OPTIONS.filter((_, i) => (n + i) % 2 === 0 || i === n % OPTIONS.length).map((option) => ({
        ...option,
        qty: 1 + ((n + option.itemOptionId) % 3),
      }));
      const created = await this.send(
        'CreateOrder',
        '/api/Orders/CreateOrder',
        {
          method: 'POST',
          headers: browser.cookie ? { ...json, cookie: browser.cookie } : json,
          body: JSON.stringify(newOrderBody({ fundraiserOrderItems: orderItems(lines) })),
        },
        (response) => {
          const key = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BROWSER_KEY_COOKIE}=`));
          if (key) browser.cookie = key.split(';')[0];
        },
      );
      if (created.status !== 200 || typeof created.body !== 'number' || !browser.cookie) {
        await sleep(PAUSE_AFTER_FAILURE_MS);
        continue;
      }
      const orderId = created.body;
      await this.send('GetOrder', `/api/Orders/GetOrder?orderId=${orderId}`, { headers: { cookie: browser.cookie } });
      const declinedCard = n % 7 === 3;
      const order: CardOrder = {
        orderId,
        cookie: browser.cookie,
        token: await tokenizeCard(this.options.sandboxUrl, declinedCard ? DECLINED_CARD : GOOD_CARD),
        amount: lines.reduce((sum, line) => sum + line.qty * line.price, 0),
        declinedCard,
        outcomes: [],
      };
      this.orders.set(orderId, order);
      const paid = await this.pay(order);
      await this.send('ListActiveStates', '/api/Fundraisers/ListActiveStates?itemId=0', {});
      if (paid.status !== 200) await sleep(PAUSE_AFTER_FAILURE_MS);
    }
  }

  private async pay(order: CardOrder): Promise<Answer> {
    const answer = await this.send('ProcessOrder', '/api/Orders/ProcessOrder', {
      method: 'POST',
      headers: { ...json, cookie: order.cookie },
      body: JSON.stringify(cardCheckout(order.orderId, order.token, { amount: order.amount })),
    });
    order.outcomes.push(answer.status === 200 && typeof answer.body === 'string' ? answer.body : answer.status);
    return answer;
  }

  private async send(
    call: Answer['call'],
    path: string,
    init: RequestInit,
    onResponse?: (response: Response) => void,
  ): Promise<Answer> {
    const phase = this.phase;
    this.inFlight++;
    let answer: Answer;
    try {
      const response = await fetch(`${this.options.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      onResponse?.(response);
      answer = {
        phase,
        call,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await bodyOf(response),
      };
    } catch (error) {
      answer = { phase, call, status: 'no answer', retryAfter: null, body: (error as Error).message };
    } finally {
      this.inFlight--;
    }
    this.answers.push(answer);
    return answer;
  }
}
