// What one browser tab remembers from a page of one remote to a page of another. A student records
// a cash or check sale on the order page their own page opens (remote-ordering, /Order/{guid}/new);
// its checkout and the receipt after it (remote-checkout) know only the order. The page's guid is
// that page's secret and the receipt's link goes to the supporter, so neither the order nor the
// receipt carries it: the tab that recorded the sale keeps it, in its sessionStorage, and nothing
// sends it anywhere (issue 31).
import { isGuid } from '../rules/guid';

/** A sale recorded on a student's page: the page's guid and the student as the pages name them ("Jordan R."). */
export interface RecordedSale {
  pageGuid: string;
  studentName: string;
}

const keyOf = (orderId: number) => `fu:recorded-sale:${orderId}`;

/** The tab's sessionStorage, or none where the browser refuses it (storage turned off: reading it throws). */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers, for this tab only, that order `orderId` is a sale recorded on a student's page. */
export function rememberRecordedSale(orderId: number, sale: RecordedSale, storage = tabStorage()): void {
  try {
    storage?.setItem(keyOf(orderId), JSON.stringify({ pageGuid: sale.pageGuid, studentName: sale.studentName }));
  } catch {
    // Full or refused: the pages then simply do not lead back to the student's page.
  }
}

/** The sale this tab recorded as order `orderId`, if it did (and what it kept still reads as one). */
export function recordedSaleOf(orderId: number, storage = tabStorage()): RecordedSale | undefined {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(keyOf(orderId)) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return undefined;
    const { pageGuid, studentName } = kept as Partial<Record<keyof RecordedSale, unknown>>;
    if (typeof pageGuid !== 'string' || !isGuid(pageGuid) || typeof studentName !== 'string') return undefined;
    return { pageGuid, studentName };
  } catch {
    return undefined;
  }
}
