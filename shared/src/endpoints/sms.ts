import { InboundText, InboundTextAnswer } from '../contracts/texts';
import { ApiError } from '../contracts/common';
import type { EndpointGroup } from './endpoint';

/**
 * Issue 34: the SMS provider's webhook for the texts phones send us (STOP, START, HELP). Called by
 * the provider, never by a page: form-encoded and signed (docs/operations.md "Texts phones send us").
 */
export const sms = {
  inbound: {
    method: 'POST',
    path: '/api/Sms/Inbound',
    consumes: ['application/x-www-form-urlencoded'],
    body: InboundText,
    response: { 200: InboundTextAnswer, 400: ApiError, 401: ApiError, 429: ApiError },
  },
} as const satisfies EndpointGroup;
