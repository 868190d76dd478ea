// Issue 34 (docs/privacy.md): the statements that erase people. Each takes the transaction (or
// database) it runs on; the rules (who may erase what, when, the audit) live in privacy/services/.
// Amounts are never touched: orders keep their lines, totals and payments, so the team's totals and
// the supporters' receipts still work.
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import {
  browserPhones,
  emailBudgets,
  emailOutbox,
  engagementCounters,
  erasures,
  fundraiserDevices,
  fundraisers,
  orders,
  pageDeletionCodes,
  parentalConsentLinks,
  payments,
  phoneBudgets,
  phoneCodes,
  reminderSends,
  smsInbound,
  smsOutbox,
  textConsents,
  ticketActivationCodes,
  ticketPurchaseSessions,
  ticketPurchases,
} from '../../platform/db/schema';
import { pageIsPublic } from '../../students/repositories/pagePrivacy';

export type ErasureRow = typeof erasures.$inferSelect;
export type NewErasure = Omit<typeof erasures.$inferInsert, 'id'>;

/** Outbox states in which nothing will be sent any more: their copies may be erased. */
const FINISHED = ['sent', 'given_up', 'withheld', 'opted_out'] as const;

/** What erasing some student pages did. */
export interface PagesErased {
  pages: number;
  orders: number;
}

/**
 * The pages of a phone (an admin's erasure of a student): made with it, or confirmed from it by a
 * parent of a younger student (issue 34, COPPA), whose request to erase covers their child's page.
 */
export async function pageIdsOfPhone(tx: Executor, phone: string): Promise<number[]> {
  const rows = await tx
    .select({ id: fundraiserDevices.id })
    .from(fundraiserDevices)
    .where(or(eq(fundraiserDevices.phone, phone), eq(fundraiserDevices.parentPhone, phone)));
  return rows.map((row) => row.id);
}

/**
 * Erases student pages: the orders credited to them keep their amounts but lose the student (name,
 * page, contact and social links), the page's reminders, confirmation and deletion codes and counters
 * go, then the page itself; a browser's proof of a phone goes once the phone has no page left. The
 * page's guids then open nothing, as if they had never existed.
 */
export async function erasePages(tx: Executor, pageIds: number[], now: Date): Promise<PagesErased> {
  if (pageIds.length === 0) return { pages: 0, orders: 0 };
  const pages = await tx
    .select({
      id: fundraiserDevices.id,
      guid: fundraiserDevices.guid,
      contactGuid: fundraiserDevices.contactGuid,
      socialGuid: fundraiserDevices.socialGuid,
      phone: fundraiserDevices.phone,
    })
    .from(fundraiserDevices)
    .where(inArray(fundraiserDevices.id, pageIds));
  if (pages.length === 0) return { pages: 0, orders: 0 };
  const ids = pages.map((page) => page.id);
  const linkGuids = pages.flatMap((page) => [page.contactGuid, page.socialGuid]).filter((guid) => guid !== null);
  const allGuids = [...pages.map((page) => page.guid), ...linkGuids];
  const erasedOrders = await tx
    .update(orders)
    .set({
      studentFirstName: '',
      studentLastName: '',
      fundraiserDeviceId: null,
      contactGuid: null,
      socialGuid: null,
      studentErasedAt: now,
    })
    .where(
      or(
        inArray(orders.fundraiserDeviceId, ids),
        ...(linkGuids.length ? [inArray(orders.contactGuid, linkGuids), inArray(orders.socialGuid, linkGuids)] : []),
      ),
    )
    .returning({ id: orders.id });
  await tx.delete(reminderSends).where(inArray(reminderSends.fundraiserDeviceId, ids));
  await tx.delete(phoneCodes).where(inArray(phoneCodes.fundraiserDeviceId, ids));
  await tx.delete(pageDeletionCodes).where(inArray(pageDeletionCodes.fundraiserDeviceId, ids));
  await tx.delete(parentalConsentLinks).where(inArray(parentalConsentLinks.fundraiserDeviceId, ids));
  await tx.delete(engagementCounters).where(inArray(engagementCounters.guid, allGuids));
  await tx.delete(fundraiserDevices).where(inArray(fundraiserDevices.id, ids));
  const phones = [...new Set(pages.map((page) => page.phone))];
  const stillPaged = await tx
    .select({ phone: fundraiserDevices.phone })
    .from(fundraiserDevices)
    .where(inArray(fundraiserDevices.phone, phones));
  const orphaned = phones.filter((phone) => !stillPaged.some((row) => row.phone === phone));
  if (orphaned.length) await tx.delete(browserPhones).where(inArray(browserPhones.phone, orphaned));
  return { pages: pages.length, orders: erasedOrders.length };
}

/** The orders whose supporter gave this phone or this e-mail (either, trimmed, any case). */
export async function orderIdsOfSupporter(tx: Executor, match: { phone?: string; email?: string }): Promise<number[]> {
  const conditions = [
    ...(match.phone ? [eq(orders.supporterPhoneNumber, match.phone)] : []),
    ...(match.email ? [sql`lower(btrim(${orders.donorEmail})) = ${match.email.trim().toLowerCase()}`] : []),
  ];
  if (conditions.length === 0) return [];
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(...conditions));
  return rows.map((row) => row.id);
}

/**
 * Erases the supporter of these orders: names, phone, e-mail and delivery address, on the order and
 * on its card attempts (kept there for recovery), and the phone on the tickets it bought. Lines,
 * amounts, payment brand and last 4, the tax figures and the signed receipt link stay.
 */
export async function eraseSupporters(tx: Executor, orderIds: number[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const erased = await tx
    .update(orders)
    .set({
      supporterFirstName: null,
      supporterLastName: null,
      supporterPhoneNumber: null,
      donorEmail: null,
      shippingAddress: null,
      shippingAddress2: null,
      shippingCity: null,
      shippingState: null,
      shippingZip: null,
      supporterErasedAt: now,
    })
    .where(inArray(orders.id, orderIds))
    .returning({ id: orders.id });
  await tx.update(payments).set({ supporterDetails: null }).where(inArray(payments.orderId, orderIds));
  await tx.update(ticketPurchases).set({ phone: null }).where(inArray(ticketPurchases.orderId, orderIds));
  return erased.length;
}

/**
 * Erases what the site keeps of a phone beyond pages and orders: the texts sent to it (their bodies
 * and the number; one still waiting to go is withheld), the texts it sent us, its daily counts, the
 * tickets registered to it and their texted links. The opt-out list (sms_opt_outs) and the consent
 * records (text_consents) are kept: a STOP must outlive an erasure (docs/privacy.md). How many
 * messages were erased.
 */
export async function erasePhoneTraces(tx: Executor, phone: string): Promise<number> {
  const texts = await tx
    .update(smsOutbox)
    .set({
      body: '',
      toPhone: '',
      status: sql`case when ${smsOutbox.status} in ('queued', 'failed', 'held') then 'withheld' else ${smsOutbox.status} end`,
      nextAttemptAt: null,
    })
    .where(eq(smsOutbox.toPhone, phone))
    .returning({ id: smsOutbox.id });
  const inbound = await tx
    .delete(smsInbound)
    .where(inArray(smsInbound.fromPhone, [phone, `+1${phone}`, `1${phone}`]))
    .returning({ id: smsInbound.id });
  await tx.delete(phoneBudgets).where(eq(phoneBudgets.phone, phone));
  await tx.delete(emailBudgets).where(and(eq(emailBudgets.kind, 'student'), eq(emailBudgets.subject, phone)));
  await tx.update(ticketPurchaseSessions).set({ phone: null }).where(eq(ticketPurchaseSessions.phone, phone));
  await tx.delete(ticketActivationCodes).where(eq(ticketActivationCodes.phone, phone));
  // Links and codes texted to the phone: a parent's consent link, a page's delete link.
  await tx.delete(parentalConsentLinks).where(eq(parentalConsentLinks.parentPhone, phone));
  await tx.delete(pageDeletionCodes).where(eq(pageDeletionCodes.phone, phone));
  return texts.length + inbound.length;
}

/** Erases the e-mails sent to an address (subject, bodies, attachments, the address); one still waiting is withheld. */
export async function eraseEmailTraces(tx: Executor, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const erased = await tx
    .update(emailOutbox)
    .set({
      toAddress: '',
      subject: '',
      textBody: '',
      htmlBody: '',
      attachments: [],
      status: sql`case when ${emailOutbox.status} in ('queued', 'failed', 'held') then 'withheld' else ${emailOutbox.status} end`,
      nextAttemptAt: null,
    })
    .where(sql`lower(btrim(${emailOutbox.toAddress})) = ${address}`)
    .returning({ id: emailOutbox.id });
  await tx.delete(emailBudgets).where(and(eq(emailBudgets.kind, 'address'), eq(emailBudgets.subject, address)));
  return erased.length;
}

export async function recordErasure(tx: Executor, erasure: NewErasure): Promise<ErasureRow> {
  const [row] = await tx.insert(erasures).values(erasure).returning();
  return row!;
}

export async function latestErasures(tx: Executor, limit: number): Promise<ErasureRow[]> {
  return tx.select().from(erasures).orderBy(desc(erasures.id)).limit(limit);
}

// The retention policy's batches (privacy/services/retention.ts): each finds at most `limit` rows.

/** Fundraisers that ended before `endedBefore` (a date) whose students are not erased yet. */
export async function fundraisersToForget(tx: Executor, endedBefore: string, limit: number) {
  const rows = await tx
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(and(lt(fundraisers.endDate, endedBefore), isNull(fundraisers.studentsErasedAt)))
    .orderBy(asc(fundraisers.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function pageIdsOfFundraiser(tx: Executor, fundraiserId: number, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: fundraiserDevices.id })
    .from(fundraiserDevices)
    .where(eq(fundraiserDevices.fundraiserId, fundraiserId))
    .orderBy(asc(fundraiserDevices.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Pages never made public (issue 34, COPPA: a younger student's, no parent confirmed it, or one never
 * answered) made before `madeBefore`: the child's details were kept only to ask a parent.
 */
export async function privatePagesToForget(tx: Executor, madeBefore: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: fundraiserDevices.id })
    .from(fundraiserDevices)
    .where(and(sql`NOT ${pageIsPublic}`, lt(fundraiserDevices.createdAt, madeBefore)))
    .orderBy(asc(fundraiserDevices.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The students' names typed on a fundraiser's orders that no page held (a name typed on the team's page). */
export async function eraseStudentNamesOfFundraiser(
  tx: Executor,
  fundraiserId: number,
  now: Date,
  limit: number,
): Promise<number> {
  const batch = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.fundraiserId, fundraiserId),
        isNull(orders.studentErasedAt),
        or(sql`${orders.studentFirstName} <> ''`, sql`${orders.studentLastName} <> ''`),
      ),
    )
    .limit(limit);
  const erased = await tx
    .update(orders)
    .set({ studentFirstName: '', studentLastName: '', contactGuid: null, socialGuid: null, studentErasedAt: now })
    .where(inArray(orders.id, batch))
    .returning({ id: orders.id });
  return erased.length;
}

export async function markStudentsErased(tx: Executor, fundraiserId: number, now: Date): Promise<void> {
  await tx.update(fundraisers).set({ studentsErasedAt: now }).where(eq(fundraisers.id, fundraiserId));
}

/** Paid orders paid before `paidBefore` whose supporter is not erased yet. */
export async function paidOrdersToForget(tx: Executor, paidBefore: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), lt(orders.paidAt, paidBefore), isNull(orders.supporterErasedAt)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Unpaid orders (drafts nobody paid) made before `createdBefore` whose supporter is not erased yet. */
export async function unpaidOrdersToForget(tx: Executor, createdBefore: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.createdAt, createdBefore), isNull(orders.supporterErasedAt)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Texts stored before `before` that will not be sent again: their body and number are erased. */
export async function eraseOldTexts(tx: Executor, before: Date, limit: number): Promise<number> {
  const batch = tx
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        lt(smsOutbox.createdAt, before),
        inArray(smsOutbox.status, [...FINISHED]),
        or(sql`${smsOutbox.body} <> ''`, sql`${smsOutbox.toPhone} <> ''`),
      ),
    )
    .limit(limit);
  const erased = await tx
    .update(smsOutbox)
    .set({ body: '', toPhone: '' })
    .where(inArray(smsOutbox.id, batch))
    .returning({ id: smsOutbox.id });
  return erased.length;
}

/** E-mails stored before `before` that will not be sent again: their address, subject, bodies and attachments are erased. */
export async function eraseOldEmails(tx: Executor, before: Date, limit: number): Promise<number> {
  const batch = tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        lt(emailOutbox.createdAt, before),
        inArray(emailOutbox.status, [...FINISHED]),
        or(sql`${emailOutbox.toAddress} <> ''`, sql`${emailOutbox.textBody} <> ''`),
      ),
    )
    .limit(limit);
  const erased = await tx
    .update(emailOutbox)
    .set({ toAddress: '', subject: '', textBody: '', htmlBody: '', attachments: [] })
    .where(inArray(emailOutbox.id, batch))
    .returning({ id: emailOutbox.id });
  return erased.length;
}

/** Texts phones sent us, received before `before`. */
export async function deleteOldInbound(tx: Executor, before: Date, limit: number): Promise<number> {
  const batch = tx.select({ id: smsInbound.id }).from(smsInbound).where(lt(smsInbound.receivedAt, before)).limit(limit);
  const deleted = await tx.delete(smsInbound).where(inArray(smsInbound.id, batch)).returning({ id: smsInbound.id });
  return deleted.length;
}

/** Consent records made before `before` (the opt-out list itself is kept). */
export async function deleteOldConsents(tx: Executor, before: Date, limit: number): Promise<number> {
  const batch = tx
    .select({ id: textConsents.id })
    .from(textConsents)
    .where(lt(textConsents.createdAt, before))
    .limit(limit);
  const deleted = await tx
    .delete(textConsents)
    .where(inArray(textConsents.id, batch))
    .returning({ id: textConsents.id });
  return deleted.length;
}

/**
 * Codes and counts that no longer do anything: texted codes (phone confirmation, page deletion, ticket
 * links) expired before `expiredBefore`, per-phone and per-address daily counts of days before
 * `dayBefore`, and a browser's proof of a phone that has no student page left.
 */
export async function deleteSpentTokens(tx: Executor, expiredBefore: Date, dayBefore: string): Promise<number> {
  // One after another: a transaction is one connection.
  const counts = [
    await tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, expiredBefore)).returning({ id: phoneCodes.id }),
    await tx
      .delete(pageDeletionCodes)
      .where(lt(pageDeletionCodes.expiresAt, expiredBefore))
      .returning({ id: pageDeletionCodes.id }),
    await tx
      .delete(ticketActivationCodes)
      .where(lt(ticketActivationCodes.expiresAt, expiredBefore))
      .returning({ id: ticketActivationCodes.id }),
    // A parent's consent link a day past its expiry, used or not: the consent itself is in
    // text_consents and on the page; the link only held the number it was texted to.
    await tx
      .delete(parentalConsentLinks)
      .where(lt(parentalConsentLinks.expiresAt, expiredBefore))
      .returning({ id: parentalConsentLinks.id }),
    await tx.delete(phoneBudgets).where(lt(phoneBudgets.day, dayBefore)).returning({ day: phoneBudgets.day }),
    await tx.delete(emailBudgets).where(lt(emailBudgets.day, dayBefore)).returning({ day: emailBudgets.day }),
    await tx
      .delete(browserPhones)
      .where(notInArray(browserPhones.phone, tx.select({ phone: fundraiserDevices.phone }).from(fundraiserDevices)))
      .returning({ phone: browserPhones.phone }),
  ];
  return counts.reduce((sum, rows) => sum + rows.length, 0);
}
