import { GatewayUnavailableError, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway';

/** The payment sandbox over HTTP, authenticated with its secret key as a real gateway would be. */
export function sandboxGateway(options: { baseUrl: string; secretKey: string; timeoutMs?: number }): PaymentGateway {
  return {
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/v1/charges`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${options.secretKey}`,
            'idempotency-key': request.idempotencyKey,
          },
          body: JSON.stringify({ token: request.token, amount: request.amount, description: request.description }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new GatewayUnavailableError(error);
      }
      if (response.status >= 500) throw new GatewayUnavailableError(new Error(`gateway answered ${response.status}`));
      const body = (await response.json()) as
        | { status: 'approved'; id: string; brand: string; last4: string; amount: number }
        | { status: 'declined'; message: string }
        | { message?: string };
      if ('status' in body && body.status === 'approved') {
        return { status: 'approved', reference: body.id, brand: body.brand, last4: body.last4, amount: body.amount };
      }
      return { status: 'declined', message: body.message ?? 'The card was declined.' };
    },
  };
}
