/**
 * What the order service needs from a card gateway. The sandbox adapter implements it over HTTP;
 * a real provider's adapter implements the same interface.
 */
export interface ChargeRequest {
  token: string;
  /** Integer cents, computed by our server. */
  amount: number;
  /** One charge per key, however often it is sent. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: 'approved'; reference: string; brand: string; last4: string; amount: number }
  | { status: 'declined'; message: string };

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The outcome of the charge sent with this idempotency key, or null when the gateway never
   * received one. Payment recovery asks this for attempts whose answer was lost.
   */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}

export class GatewayUnavailableError extends Error {
  /**
   * True when the request certainly never reached the gateway (connection refused, unknown host),
   * so no charge can exist for it; false when it may have (timeout, reset, 5xx).
   */
  readonly notSent: boolean;

  constructor(cause: unknown, options: { notSent?: boolean } = {}) {
    super('The payment service could not be reached. Please try again in a moment.');
    this.name = 'GatewayUnavailableError';
    this.cause = cause;
    this.notSent = options.notSent ?? false;
  }
}
