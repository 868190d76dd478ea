import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countOverdueMessagesWith, type OverdueMessages } from '../../platform/http/metrics';

/** What a channel's overdue messages are called in the readiness warning. */
const NOUNS: Record<keyof OverdueMessages, [one: string, many: string]> = {
  sms: ['text', 'texts'],
  email: ['e-mail', 'e-mails'],
};

/** The readiness warning for `counts`, or undefined when nothing waits too long. */
export function overdueWarning(counts: OverdueMessages): string | undefined {
  const channels = (Object.keys(NOUNS) as (keyof OverdueMessages)[]).filter((channel) => counts[channel] > 0);
  if (channels.length === 0) return undefined;
  const parts = channels.map((channel) => `${counts[channel]} ${NOUNS[channel][counts[channel] === 1 ? 0 : 1]}`);
  const one = channels.length === 1 && counts[channels[0]!] === 1;
  return (
    `${parts.join(' and ')} ${one ? 'has' : 'have'} waited longer than ${one ? 'it' : 'they'} should: ` +
    'is the retry job running (SMS_RETRY_INTERVAL_SECONDS), and does the provider answer? See outbox_overdue_messages.'
  );
}

/**
 * How long past being due a message may wait before it counts as overdue: two passes of the retry
 * job (at least a minute apart), which would have taken it up by then.
 */
export function overdueAfterSeconds(options: { intervalSeconds: number }): number {
  return 2 * Math.max(options.intervalSeconds, 60);
}

/**
 * Counts the texts and e-mails that wait longer than they should (queued by a process that died,
 * or failed and past their next try, more than `overdueAfterSeconds` past due): the `outbox_overdue_messages` gauge
 * at each scrape, and a warning in GET /api/ready's answer.
 */
export default fp(async function outboxHealth(app: FastifyInstance, options: { intervalSeconds: number }) {
  const { smsOutbox: sms, emailOutbox: email } = app.repositories;
  const seconds = overdueAfterSeconds(options);
  const overdue = async (): Promise<OverdueMessages> => {
    const [texts, emails] = await Promise.all([sms.overdue(seconds), email.overdue(seconds)]);
    return { sms: texts, email: emails };
  };
  const stop = countOverdueMessagesWith(overdue);
  app.addHook('onClose', async () => stop());
  app.addReadinessWarning(async () => overdueWarning(await overdue()));
});
