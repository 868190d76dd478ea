// What browsers report through POST /api/Logger/Log/ (kept in `logs`): the text as it is stored and
// logged, and the pruning of old reports. A report is anyone's text, so it must never read as one of
// the server's own lines that operators alert on (docs/operations.md, "Alerts a browser cannot
// trigger"): it is one line, without control or invisible characters, bounded, and always marked.
import { tidyTypedText } from '@fu/shared/rules';
import type { LogRepository } from '../repositories/logs';

/** What every stored report starts with, so no row of `logs` reads as the server's own line. */
export const BROWSER_REPORT = 'browser report';

/** The most characters of a page's text kept (the request schema allows no more either). */
export const MAX_CLIENT_TEXT = 2000;

/**
 * A page's text as the server keeps and logs it: one line, printable (the typed-text rule's tidying:
 * controls and line breaks become spaces, invisible and direction-changing characters go), at most
 * MAX_CLIENT_TEXT characters.
 */
export function clientText(text: string): string {
  const line = tidyTypedText(text);
  return Array.from(line).slice(0, MAX_CLIENT_TEXT).join('');
}

/**
 * The row `logs` keeps for a report: `browser report [ordering@1.0.0-dfc1de6]: <text>`, tagged with the
 * app and release it came from when the page said, `browser report: <text>` otherwise.
 */
export function storedBrowserReport(text: string, remote: string | undefined, version: string | undefined): string {
  const source =
    remote === undefined && version === undefined
      ? ''
      : ` [${remote ?? 'unknown'}${version === undefined ? '' : `@${version}`}]`;
  return `${BROWSER_REPORT}${source}: ${clientText(text)}`;
}

export interface BrowserLogPruning {
  /** Reports deleted for being older than the retention. */
  byAge: number;
  /** Reports deleted beyond the newest `maxRows`. */
  byCount: number;
}

/**
 * Deletes the reports older than `retentionDays` before `now`, then all but the newest `maxRows`,
 * each in batches of `batchSize` rows, so a table grown large is emptied without one long statement
 * holding it. The count goes by id (the primary key), the age by `created_at`, which needs no index
 * of its own: old rows lie first.
 */
export async function pruneBrowserLogs(
  logs: Pick<LogRepository, 'deleteOlderThan' | 'idBeyondNewest' | 'deleteUpTo'>,
  options: { now: Date; retentionDays: number; maxRows: number; batchSize?: number },
): Promise<BrowserLogPruning> {
  const batchSize = options.batchSize ?? 10_000;
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 24 * 60 * 60 * 1000);
  const byAge = await inBatches(batchSize, () => logs.deleteOlderThan(cutoff, batchSize));
  const lastToGo = await logs.idBeyondNewest(options.maxRows);
  const byCount = lastToGo === undefined ? 0 : await inBatches(batchSize, () => logs.deleteUpTo(lastToGo, batchSize));
  return { byAge, byCount };
}

/** Runs `deleteBatch` until a batch deletes fewer than `batchSize` rows; how many it deleted in all. */
async function inBatches(batchSize: number, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
