import { Health, HealthUnavailable } from '../contracts/health';
import type { EndpointGroup } from './endpoint';

/** GET /api/health for load balancers: 200 while the database answers, 503 while it does not. */
export const health = {
  health: { method: 'GET', path: '/api/health', response: { 200: Health, 503: HealthUnavailable } },
} as const satisfies EndpointGroup;
