import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LanguageProvider } from '../i18n/react';
import { MemoryRouter, Route, Routes } from '../router';

/** A catalog key drawn as text: a message the page's catalogs did not have. */
export const CATALOG_KEY = /\b(ordering|checkout|tickets|fundraiser|shell|shared|server)\.[a-zA-Z]+\./;

/** What a person reads of the page: its tab title, its text, and the labels, titles, alt texts and placeholders. */
export function readableText(root: ParentNode = document.body): string {
  const attributes = Array.from(root.querySelectorAll('*')).flatMap((element) =>
    ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.title, root.textContent ?? '', ...attributes].join('\n');
}

/** No catalog key shows anywhere a person reads. */
export function expectNoCatalogKey(): void {
  expect(readableText()).not.toMatch(CATALOG_KEY);
}

/** `element` as the page at `path` (matching `route`), in Spanish. */
export function renderInSpanish(path: string, route: string, element: ReactNode) {
  return render(
    <LanguageProvider language="es">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
}
