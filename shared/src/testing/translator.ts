import { pageI18n } from '../i18n/catalogs';
import type { Language } from '../i18n/languages';
import { translatorOf, type Translate } from '../i18n/react';

/**
 * A language's messages outside a component, for a test of a rule that takes `t` (receiptTaxStatement,
 * paidWith…): jest's setup loads every app's catalogs (test-support/jest.setup.ts). English by default.
 */
export const testT = (language: Language = 'en'): Translate => translatorOf(pageI18n(language));
