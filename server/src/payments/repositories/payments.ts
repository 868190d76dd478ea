// Payment rows: card attempts (pending → approved/declined/abandoned) and recorded cash/check
// payments. The rules of when each happens live in payments/services/cardAttempts.ts, processOrder.ts and
// processCashCheck.ts; these are their statements. Functions taking an Executor run inside the
// caller's transaction.
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { PAYMENT_TYPES } from '@fu/shared/contracts';
import type { Database, Executor } from '../../platform/db/client';
import { payments, type SupporterColumns } from '../../platform/db/schema';

export interface PendingAttempt {
  id: number;
  orderId: number;
  idempotencyKey: string;
  amount: number;
  /** Milliseconds since the attempt was (re)opened, by the database's clock. */
  ageMs: number;
}

const attemptColumns = {
  id: payments.id,
  orderId: payments.orderId,
  idempotencyKey: payments.idempotencyKey,
  amount: payments.amount,
  ageMs: sql<number>`(extract(epoch from (clock_timestamp() - ${payments.createdAt})) * 1000)::float8`,
};

/** The order's card attempt in flight, if any (at most one: a partial unique index). */
export async function pendingAttemptOf(tx: Executor, orderId: number): Promise<PendingAttempt | undefined> {
  const [attempt] = await tx
    .select(attemptColumns)
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  return attempt;
}

/** Every pending card attempt, oldest first (payment recovery). */
export function pendingCardAttempts(db: Executor): Promise<PendingAttempt[]> {
  return db
    .select(attemptColumns)
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.paymentTypeId, PAYMENT_TYPES.card)))
    .orderBy(asc(payments.id));
}

/** How many cards the order had declined since `since`. */
export async function declinesSince(tx: Executor, orderId: number, since: Date): Promise<number> {
  const [declines] = await tx
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'declined'), gt(payments.createdAt, since)));
  return declines?.n ?? 0;
}

/**
 * Opens a pending card attempt under `idempotencyKey`, stamped with the database's clock. A key
 * seen before reopens its row when that attempt was declined or abandoned; undefined when the key's
 * attempt is in any other state.
 */
export async function openCardAttempt(
  tx: Executor,
  values: { orderId: number; idempotencyKey: string; amount: number; supporterDetails: SupporterColumns },
): Promise<number | undefined> {
  const opened = { status: 'pending' as const, amount: values.amount, supporterDetails: values.supporterDetails };
  const [attempt] = await tx
    .insert(payments)
    .values({
      orderId: values.orderId,
      paymentTypeId: PAYMENT_TYPES.card,
      idempotencyKey: values.idempotencyKey,
      ...opened,
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: payments.idempotencyKey,
      set: { ...opened, createdAt: sql`clock_timestamp()` },
      setWhere: inArray(payments.status, ['declined', 'abandoned']),
    })
    .returning({ id: payments.id });
  return attempt?.id;
}

/** Closes a pending attempt the gateway declined, or never charged. */
export async function settleAttempt(db: Database, paymentId: number, status: 'declined' | 'abandoned') {
  await db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * Marks a pending or abandoned attempt approved with the gateway's charge; the amount charged and
 * the supporter details the attempt carried, or undefined when it was already recorded.
 */
export async function approveAttempt(
  tx: Executor,
  paymentId: number,
  charge: { amount: number; brand: string; last4: string; reference: string },
): Promise<{ amount: number; details: SupporterColumns | null } | undefined> {
  const [payment] = await tx
    .update(payments)
    .set({
      status: 'approved',
      amount: charge.amount,
      brand: charge.brand,
      last4: charge.last4,
      gatewayRef: charge.reference,
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'abandoned'])))
    .returning({ amount: payments.amount, details: payments.supporterDetails });
  return payment;
}

/** Records a cash or check payment the student took, approved at once (one per order: its key). */
export async function insertCashCheckPayment(
  tx: Executor,
  values: { orderId: number; amount: number; paymentTypeId: number; checkNumber: string | null },
): Promise<void> {
  await tx.insert(payments).values({
    orderId: values.orderId,
    amount: values.amount,
    paymentTypeId: values.paymentTypeId,
    gatewayRef: values.checkNumber,
    idempotencyKey: `order-${values.orderId}-cash-check`,
    status: 'approved',
  });
}
