/** A text message to one phone (10-digit national number, the stored normal form). */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * How the server sends texts. The default keeps them in the database outbox (nothing leaves the
 * machine); the HTTP provider hands them to a real SMS service. Both record every text in
 * `sms_outbox`, so what was sent is always visible.
 */
export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(message: SmsMessage): Promise<{ id: number; providerRef: string | null }>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}
