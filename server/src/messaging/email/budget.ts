import { domainToASCII } from 'node:url';
import type { EmailBudgetRepository } from '../repositories/emailBudgets';
import type { EmailOutboxRepository } from '../repositories/emailOutbox';
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

/** Mail domains that deliver `a.b.c@` to `abc@`, and the one name they share. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as far as the budget can tell: lowercased and trimmed, the
 * domain in ASCII (punycode) without a trailing dot, a `+tag` dropped (most providers deliver
 * `name+anything@` to `name@`), and Gmail's dots and its googlemail.com twin folded. So the
 * spellings of one inbox share one budget.
 */
export function mailboxOf(address: string): string {
  const at = address.trim().lastIndexOf('@');
  if (at < 0) return address.trim().toLowerCase();
  const rawDomain = address
    .trim()
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  const domain = DOTLESS_DOMAINS[domainToASCII(rawDomain) || rawDomain] ?? (domainToASCII(rawDomain) || rawDomain);
  let local = address.trim().slice(0, at).toLowerCase().split('+')[0]!;
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/**
 * The e-mail a stranger can cause without paying, bounded. A receipt of a sale a student recorded
 * (`message.recordedBy`: cash or check, no payment taken by the site, any address typed) draws on
 * its mailbox's daily budget and on the student's (all the pages of one phone together), both
 * shared by every instance: a slot is taken before the provider is called and given back if
 * nothing was sent and nothing will be. Over a budget the message is kept as withheld (so a catch-up
 * does not send it later) and refused with EmailBudgetExceededError. Receipts of card payments and
 * the tax receipts the organisation confirms are not budgeted: each follows a payment or an
 * administrator's act, so a stranger cannot use up a donor's budget and stop their real receipts.
 */
export function budgetedEmail(
  {
    emailBudgets: budgets,
    emailOutbox: outbox,
  }: { emailBudgets: EmailBudgetRepository; emailOutbox: EmailOutboxRepository },
  provider: EmailProvider,
  options: { perAddressPerDay: number; perStudentPerDay: number },
): EmailProvider & EmailWithholding {
  const withhold = async (message: EmailMessage) =>
    (await outbox.add(storedEmail(message), { status: 'withheld', dedupeKey: message.dedupeKey })) !== undefined;

  /** The slots the message takes, taken in order; those taken are given back when one is refused. */
  async function takeSlots(
    message: EmailMessage & { recordedBy: { phone: string } },
  ): Promise<(() => Promise<void>) | EmailBudgetExceededError> {
    const mailbox = mailboxOf(message.to);
    if (!(await budgets.take('address', mailbox, options.perAddressPerDay))) {
      return new EmailBudgetExceededError('address');
    }
    const student = message.recordedBy.phone;
    if (!(await budgets.take('student', student, options.perStudentPerDay))) {
      await budgets.giveBack('address', mailbox);
      return new EmailBudgetExceededError('student');
    }
    return async () => {
      await budgets.giveBack('address', mailbox);
      await budgets.giveBack('student', student);
    };
  }

  return {
    kind: provider.kind,
    retryDue: provider.retryDue?.bind(provider),
    withhold,
    async send(message) {
      if (!message.recordedBy) return provider.send(message);
      // Stored already: nothing to send, and nothing to spend (the provider would answer the same).
      if (message.dedupeKey !== undefined && (await outbox.hasKey(message.dedupeKey))) return undefined;
      const slots = await takeSlots({ ...message, recordedBy: message.recordedBy });
      if (slots instanceof EmailBudgetExceededError) {
        await withhold(message);
        throw slots;
      }
      try {
        const sent = await provider.send(message);
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
