import type { Database } from '../db/client';
import { emailBudgetRepository } from '../repositories/emailBudgets';
import { emailOutboxRepository } from '../repositories/emailOutbox';
import { EmailBudgetExceededError, EmailSendError, type EmailMessage, type EmailProvider } from './provider';
import { storedEmail } from './stored';

/** What the budgeted provider adds: a message kept, and never sent, under its dedupe key. */
export interface EmailWithholding {
  /**
   * Keeps the message in the outbox as `withheld` (a rule said not to send it), under its dedupe
   * key, so nothing sends it later: false when the key was stored already.
   */
  withhold(message: EmailMessage): Promise<boolean>;
}

/**
 * Every e-mail to one address draws on one daily budget shared by all instances, and an e-mail
 * about a student page's recorded sale on that page's budget too: a slot is taken before the
 * provider is called and given back if nothing was sent and nothing will be. A message over a
 * budget is kept as withheld (so a catch-up does not send it later) and refused with
 * EmailBudgetExceededError. The site's e-mail cannot be made a relay: a stranger who records sales
 * with any address reaches each address a few times a day at most.
 */
export function budgetedEmail(
  db: Database,
  provider: EmailProvider,
  options: { perAddressPerDay: number; perStudentPagePerDay: number },
): EmailProvider & EmailWithholding {
  const budgets = emailBudgetRepository(db);
  const outbox = emailOutboxRepository(db);

  const withhold = async (message: EmailMessage) =>
    (await outbox.add(storedEmail(message), { status: 'withheld', dedupeKey: message.dedupeKey })) !== undefined;

  /** The slots the message takes, taken in order; those taken are given back when one is refused. */
  async function takeSlots(message: EmailMessage): Promise<(() => Promise<void>) | EmailBudgetExceededError> {
    const taken: (() => Promise<void>)[] = [];
    const giveBack = async () => {
      for (const back of taken) await back();
    };
    const address = message.to.trim().toLowerCase();
    if (!(await budgets.take('address', address, options.perAddressPerDay))) {
      return new EmailBudgetExceededError('address');
    }
    taken.push(() => budgets.giveBack('address', address));
    if (message.studentPageId !== undefined) {
      const page = String(message.studentPageId);
      if (!(await budgets.take('page', page, options.perStudentPagePerDay))) {
        await giveBack();
        return new EmailBudgetExceededError('page');
      }
      taken.push(() => budgets.giveBack('page', page));
    }
    return giveBack;
  }

  return {
    kind: provider.kind,
    retryDue: provider.retryDue?.bind(provider),
    withhold,
    async send(message) {
      // Stored already: nothing to send, and nothing to spend (the provider would answer the same).
      if (message.dedupeKey !== undefined && (await outbox.hasKey(message.dedupeKey))) return undefined;
      const slots = await takeSlots(message);
      if (slots instanceof EmailBudgetExceededError) {
        await withhold(message);
        throw slots;
      }
      try {
        const sent = await provider.send(message);
        // Stored already under its dedupe key: this call sent nothing, so it spends nothing.
        if (!sent) await slots();
        return sent;
      } catch (error) {
        // A message that will be sent again keeps its slots: the retry is the same message.
        if (!(error instanceof EmailSendError && error.retryScheduled)) await slots();
        throw error;
      }
    },
  };
}
