import type { Database } from '../../platform/db/client';
import { smsInbound } from '../../platform/db/schema';

export type InboundKeyword = NonNullable<(typeof smsInbound.$inferInsert)['keyword']>;

export interface InboundText {
  /** The provider's id for the message (Twilio's MessageSid); none from the development reply form. */
  providerMessageId: string | null;
  /** The sender as given (`+15125550101`). */
  fromPhone: string;
  body: string;
  keyword: InboundKeyword | null;
}

/**
 * Records a text a phone sent us; its id, or undefined when the provider's message id was recorded
 * already (a webhook delivered twice, or replayed): it was handled then.
 */
export async function recordInbound(
  executor: Pick<Database, 'insert'>,
  text: InboundText,
): Promise<number | undefined> {
  const [row] = await executor.insert(smsInbound).values(text).onConflictDoNothing().returning({ id: smsInbound.id });
  return row?.id;
}
