import { LogRequest, LogResponse } from '../contracts/logger';
import type { EndpointGroup } from './endpoint';

/** Spec §7 POST /api/Logger/Log/ (with its trailing slash): errors the browser reports. */
export const logger = {
  log: { method: 'POST', path: '/api/Logger/Log/', body: LogRequest, response: { 200: LogResponse } },
} as const satisfies EndpointGroup;
