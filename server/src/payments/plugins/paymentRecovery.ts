import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentGateway } from '../gateway/gateway';
import { backgroundJob, type OnJobPass } from '../../platform/plugins/backgroundJob';
import { recoverPendingPayments, type RecoveryReport } from '../services/cardAttempts';

/** A pass's report; `skipped` when another instance was running the pass (nothing was looked at). */
export type RecoveryPass = RecoveryReport & { skipped?: true };

declare module 'fastify' {
  interface FastifyInstance {
    /** One payment recovery pass now (also run at start and every interval); tests call it. */
    recoverPayments(): Promise<RecoveryPass>;
  }
}

const nothingDone = (): RecoveryPass => ({
  found: 0,
  approved: 0,
  declined: 0,
  abandoned: 0,
  pending: 0,
  gatewayUnavailable: false,
  skipped: true,
});

/**
 * Settles card attempts whose answer was lost (payments/services/cardAttempts.ts): once when the server is
 * ready — after a crash, that is when the lost ones are found — then every `intervalSeconds`, which
 * also settles attempts left by a gateway outage. 0 runs no pass by itself. Passes never overlap,
 * within an instance nor across instances (an advisory lock: of several, one runs each pass), and
 * the server is serving meanwhile: a gateway that is down delays recovery, not the start. Closing
 * stops the timer, starts no new pass and waits for the running one.
 */
export default fp(async function paymentRecovery(
  app: FastifyInstance,
  options: { gateway: PaymentGateway; staleAfterMs: number; intervalSeconds: number; onPass?: OnJobPass },
) {
  const job = backgroundJob(app, {
    job: 'payment_recovery',
    onPass: options.onPass,
    pass: () =>
      recoverPendingPayments(app.database.db, options.gateway, {
        staleAfterMs: options.staleAfterMs,
        onPaid: (orderId) => app.orderPaid(orderId),
        onDoubleCharge: (attempt) =>
          app.log.error(
            { orderId: attempt.orderId, idempotencyKey: attempt.idempotencyKey },
            'payment recovery: the gateway charged an order that was already paid; refund this charge',
          ),
      }),
  });
  app.decorate('recoverPayments', async (): Promise<RecoveryPass> => (await job.run(undefined)) ?? nothingDone());
  if (options.intervalSeconds <= 0) return;

  let first = true;
  job.schedule(options.intervalSeconds * 1000, {
    atStart: true,
    report: (report) => {
      // Quiet when there was nothing to do, except at start: "none pending" is news after a crash.
      if (report.found > 0 || first) app.log.info({ recovery: report }, 'payment recovery');
      if (report.gatewayUnavailable) app.log.warn('payment recovery: the card gateway did not answer; will retry');
      first = false;
    },
  });
});
