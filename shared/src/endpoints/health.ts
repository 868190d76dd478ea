import { Health, NotReady, Ready } from '../contracts/health';
import type { EndpointGroup } from './endpoint';

/**
 * For load balancers and orchestrators: GET /api/health (liveness) answers 200 while the process
 * runs; GET /api/ready (readiness) answers 200 while its dependencies do, 503 naming those that do not.
 */
export const health = {
  health: { method: 'GET', path: '/api/health', response: { 200: Health } },
  ready: { method: 'GET', path: '/api/ready', response: { 200: Ready, 503: NotReady } },
} as const satisfies EndpointGroup;
