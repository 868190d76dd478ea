import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentGateway } from '../../payments/gateway';
import { recoverPendingPayments, type RecoveryReport } from '../../services/cardAttempts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One payment recovery pass now (also run at start and every interval); tests call it. */
    recoverPayments(): Promise<RecoveryReport>;
  }
}

/**
 * Settles card attempts whose answer was lost (services/cardAttempts.ts): once when the server is
 * ready — after a crash, that is when the lost ones are found — then every `intervalSeconds`, which
 * also settles attempts left by a gateway outage. 0 runs no pass by itself. Passes never overlap,
 * and the server is serving meanwhile: a gateway that is down delays recovery, not the start.
 */
export default fp(async function paymentRecovery(
  app: FastifyInstance,
  options: { gateway: PaymentGateway; staleAfterMs: number; intervalSeconds: number },
) {
  let running: Promise<RecoveryReport> | undefined;
  const recover = () =>
    (running ??= recoverPendingPayments(app.database.db, options.gateway, {
      staleAfterMs: options.staleAfterMs,
      onDoubleCharge: (attempt) =>
        app.log.error(
          { orderId: attempt.orderId, idempotencyKey: attempt.idempotencyKey },
          'payment recovery: the gateway charged an order that was already paid; refund this charge',
        ),
    }).finally(() => {
      running = undefined;
    }));
  app.decorate('recoverPayments', recover);
  if (options.intervalSeconds <= 0) return;

  let first = true;
  const pass = async () => {
    try {
      const report = await recover();
      // Quiet when there was nothing to do, except at start: "none pending" is news after a crash.
      if (report.found > 0 || first) app.log.info({ recovery: report }, 'payment recovery');
      if (report.gatewayUnavailable) app.log.warn('payment recovery: the card gateway did not answer; will retry');
    } catch (error) {
      app.log.error({ err: error }, 'payment recovery failed');
    } finally {
      first = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void pass(), options.intervalSeconds * 1000);
    timer.unref();
    setImmediate(() => void pass());
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
