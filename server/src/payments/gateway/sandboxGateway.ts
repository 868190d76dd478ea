import { GatewayUnavailableError, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway';

/** Connection errors that mean the request never left: no charge can exist for it. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

type ChargeBody =
  | { status: 'approved'; id: string; brand: string; last4: string; amount: number }
  | { status: 'declined'; message: string }
  | { message?: string };

function toResult(body: ChargeBody): ChargeResult {
  if ('status' in body && body.status === 'approved') {
    return { status: 'approved', reference: body.id, brand: body.brand, last4: body.last4, amount: body.amount };
  }
  return { status: 'declined', message: body.message ?? 'The card was declined.' };
}

/** The payment sandbox over HTTP, authenticated with its secret key as a real gateway would be. */
export function sandboxGateway(options: { baseUrl: string; secretKey: string; timeoutMs?: number }): PaymentGateway {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function send(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${options.secretKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new GatewayUnavailableError(error, { notSent: code !== undefined && NOT_SENT.has(code) });
    }
    if (response.status >= 500) throw new GatewayUnavailableError(new Error(`gateway answered ${response.status}`));
    return response;
  }

  return {
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const response = await send('/v1/charges', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': request.idempotencyKey },
        body: JSON.stringify({ token: request.token, amount: request.amount, description: request.description }),
      });
      return toResult((await response.json()) as ChargeBody);
    },

    async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
      const response = await send(`/v1/charges/${encodeURIComponent(idempotencyKey)}`, { method: 'GET' });
      if (response.status === 404) return null;
      // Anything but the charge itself (a wrong key, say) must not be read as "no charge".
      if (!response.ok) throw new GatewayUnavailableError(new Error(`gateway answered ${response.status}`));
      return toResult((await response.json()) as ChargeBody);
    },
  };
}
