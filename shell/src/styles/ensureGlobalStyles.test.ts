import { GLOBAL_STYLES_ELEMENT_ID } from '@fu/shared';
import { ensureGlobalStyles } from './ensureGlobalStyles';

const mockStylesLoaded = jest.fn();
jest.mock('./globalStyles', () => {
  mockStylesLoaded();
  return {};
});

beforeEach(() => {
  jest.resetModules();
  mockStylesLoaded.mockClear();
});

it('loads no copy of the global styles on a page the server wrote them into', async () => {
  const page = document.implementation.createHTMLDocument();
  const style = page.createElement('style');
  style.id = GLOBAL_STYLES_ELEMENT_ID;
  page.head.append(style);
  await ensureGlobalStyles(page);
  expect(mockStylesLoaded).not.toHaveBeenCalled();
});

it('loads them on a page without them (dev server, offline index.html)', async () => {
  await ensureGlobalStyles(document.implementation.createHTMLDocument());
  expect(mockStylesLoaded).toHaveBeenCalledTimes(1);
});
