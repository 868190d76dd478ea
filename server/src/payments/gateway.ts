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
}

export class GatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The payment service could not be reached. Please try again in a moment.');
    this.name = 'GatewayUnavailableError';
    this.cause = cause;
  }
}
