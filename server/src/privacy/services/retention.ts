import type { Database } from '../../platform/db/client';
import {
  deleteOldConsents,
  deleteOldInbound,
  deleteSpentTokens,
  eraseOldEmails,
  eraseOldTexts,
  erasePages,
  eraseStudentNamesOfFundraiser,
  eraseSupporters,
  fundraisersToForget,
  markStudentsErased,
  pageIdsOfFundraiser,
  paidOrdersToForget,
  privatePagesToForget,
  recordErasure,
  unpaidOrdersToForget,
} from '../repositories/erasure';

/**
 * How long each kind of personal data is kept (docs/privacy.md "How long"; RETENTION_* in
 * docs/configuration.md). Amounts are kept for good: the team's totals and the receipts need them.
 */
export interface RetentionPolicy {
  /** Students' pages (names, phones, links) and their names on orders: months after the fundraiser's end date. */
  studentMonths: number;
  /** A younger student's page no parent confirmed (issue 34, COPPA): days after it was made. */
  privatePageDays: number;
  /** A paid order's supporter (names, phone, e-mail, address): months after payment (the tax-record period). */
  supporterMonths: number;
  /** An unpaid order's supporter details (a checkout never finished): days after it was started. */
  unpaidOrderDays: number;
  /** Texts and e-mails sent (bodies, numbers, addresses) and texts received: days after they were stored. */
  messageDays: number;
  /** Records of consent to texts: months after each was made (the opt-out list itself is kept). */
  consentMonths: number;
}

/** What one pass erased. */
export interface RetentionReport {
  /** Fundraisers whose students were erased, wholly, in this pass. */
  fundraisers: number;
  pages: number;
  /** Orders that lost their student's name (their page erased, or a name typed on the team's page). */
  studentOrders: number;
  supporterOrders: number;
  unpaidOrders: number;
  texts: number;
  emails: number;
  inbound: number;
  consents: number;
  /** Expired codes, past days' counts and browsers' proofs of phones that have no page left. */
  spent: number;
}

const monthsBefore = (now: Date, months: number) => {
  const date = new Date(now.getTime());
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * One pass of the retention policy as of `now`. Every step works in batches of `batchSize` rows, each
 * in a transaction of its own, and the pass stops after `maxBatches` (the next pass goes on), so a
 * large backlog never holds a long transaction. Each step only finds what is not erased yet, so a pass
 * repeated (or interrupted and run again) erases nothing twice; the job's lock runs it on one instance
 * at a time (privacy/plugins/retentionJob.ts). A pass that erased anything is recorded (`erasures`).
 */
export async function retentionPass(
  db: Database,
  policy: RetentionPolicy,
  options: { now: Date; batchSize?: number; maxBatches?: number },
): Promise<RetentionReport> {
  const { now } = options;
  const batchSize = options.batchSize ?? 500;
  let budget = options.maxBatches ?? 200;
  const report: RetentionReport = {
    fundraisers: 0,
    pages: 0,
    studentOrders: 0,
    supporterOrders: 0,
    unpaidOrders: 0,
    texts: 0,
    emails: 0,
    inbound: 0,
    consents: 0,
    spent: 0,
  };
  /** Runs `step` in its own transaction until it does less than a batch, or the pass's budget is spent. */
  const drain = async (step: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<number>) => {
    let total = 0;
    while (budget > 0) {
      budget -= 1;
      const done = await db.transaction(step);
      total += done;
      if (done < batchSize) return { total, finished: true };
    }
    return { total, finished: false };
  };

  // Students, some months after their fundraiser ended: every page, then the names left on its orders.
  const endedBefore = isoDay(monthsBefore(now, policy.studentMonths));
  for (const fundraiserId of await fundraisersToForget(db, endedBefore, 50)) {
    if (budget <= 0) break;
    let orders = 0;
    const pages = await drain(async (tx) => {
      const erased = await erasePages(tx, await pageIdsOfFundraiser(tx, fundraiserId, batchSize), now);
      orders += erased.orders;
      return erased.pages;
    });
    const names = pages.finished
      ? await drain((tx) => eraseStudentNamesOfFundraiser(tx, fundraiserId, now, batchSize))
      : { total: 0, finished: false };
    report.pages += pages.total;
    report.studentOrders += orders + names.total;
    if (names.finished) {
      await markStudentsErased(db, fundraiserId, now);
      report.fundraisers += 1;
    }
  }

  // A younger student's page no parent confirmed in time: its details were kept only to ask a parent.
  const madeBefore = daysBefore(now, policy.privatePageDays);
  report.pages += (
    await drain(async (tx) => {
      const erased = await erasePages(tx, await privatePagesToForget(tx, madeBefore, batchSize), now);
      report.studentOrders += erased.orders;
      return erased.pages;
    })
  ).total;

  // Supporters: a paid order's after the tax-record period; an unfinished checkout's much sooner.
  const paidBefore = monthsBefore(now, policy.supporterMonths);
  report.supporterOrders = (
    await drain(async (tx) => eraseSupporters(tx, await paidOrdersToForget(tx, paidBefore, batchSize), now))
  ).total;
  const startedBefore = daysBefore(now, policy.unpaidOrderDays);
  report.unpaidOrders = (
    await drain(async (tx) => eraseSupporters(tx, await unpaidOrdersToForget(tx, startedBefore, batchSize), now))
  ).total;

  // Messages: what was sent (bodies name students and supporters), and what phones sent us.
  const storedBefore = daysBefore(now, policy.messageDays);
  report.texts = (await drain((tx) => eraseOldTexts(tx, storedBefore, batchSize))).total;
  report.emails = (await drain((tx) => eraseOldEmails(tx, storedBefore, batchSize))).total;
  report.inbound = (await drain((tx) => deleteOldInbound(tx, storedBefore, batchSize))).total;
  report.consents = (
    await drain((tx) => deleteOldConsents(tx, monthsBefore(now, policy.consentMonths), batchSize))
  ).total;

  // Codes a day past their expiry, and the daily counts of days before yesterday.
  if (budget > 0) {
    report.spent = await db.transaction((tx) => deleteSpentTokens(tx, daysBefore(now, 1), isoDay(daysBefore(now, 2))));
  }

  const orders = report.studentOrders + report.supporterOrders + report.unpaidOrders;
  const messages = report.texts + report.emails + report.inbound;
  if (report.pages || orders || messages || report.consents) {
    await recordErasure(db, {
      kind: 'retention',
      reason: 'retention',
      matchedBy: 'policy',
      actor: 'retention job',
      pages: report.pages,
      orders,
      messages,
      createdAt: now,
    });
  }
  return report;
}
