import type { RuntimeConfig } from '@fu/shared';
import { CONFIG_CACHE, RUNTIME_CONFIG_PATH } from '../sw/routes';
import { putJsonForWorker } from './workerCache';

/**
 * Puts the runtime config this page was served where the offline wallet's worker looks for it, on a
 * page the worker controls. Online pages carry their config inline (each browser's releases and
 * canary side, issue 21); without this the worker would keep the one from its install, and an
 * offline page would ask for remote releases it never cached.
 */
export async function keepConfigForOffline(config: RuntimeConfig, scope: Window = window): Promise<void> {
  await putJsonForWorker(scope, CONFIG_CACHE, [{ url: RUNTIME_CONFIG_PATH, data: config }]);
}
