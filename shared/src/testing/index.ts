// Test helpers for the apps' jest tests ('@fu/shared/testing'); no app code imports them.
export { fakeApi } from './fakeApi';
export { testReceipt } from './testReceipt';
export { testT } from './translator';
export { expectFirstCallsMade } from './firstCalls';
export { CATALOG_KEY, expectNoCatalogKey, readableText, renderInSpanish } from './spanish';
