import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LanguageProvider, MemoryRouter, Route, Routes } from '@fu/shared';
import { receiptLookupApi } from './api/receiptLookupApi';
import { ReceiptLookupPage } from './components/ReceiptLookupPage';
import { expectNoCatalogKey } from '@fu/shared/testing';

// The receipt lookup in Spanish (issue 35): every word a supporter reads comes from the catalogs.

/** A catalog key shown as it is: a message some catalog lacks. */

function renderInSpanish() {
  render(
    <LanguageProvider language="es">
      <MemoryRouter initialEntries={['/Receipts']}>
        <Routes>
          <Route path="Receipts" element={<ReceiptLookupPage />} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ReceiptLookupPage in Spanish', () => {
  it('has its heading, words, labels and button in Spanish', () => {
    renderInSpanish();
    expect(screen.getByRole('heading', { level: 1, name: 'Buscar un recibo' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ingrese el número de pedido que aparece en su recibo o confirmación y el correo electrónico que usó al pagar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Número de pedido')).toHaveAccessibleDescription('Por ejemplo, 1042');
    expect(screen.getByLabelText('Correo electrónico usado')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Buscar recibo' })).toBeEnabled();
    expect(document.title).toContain('Buscar un recibo');
    expectNoCatalogKey();
  });

  it('says what is missing in the focused summary and at the fields, asking nothing', async () => {
    const lookup = jest.spyOn(receiptLookupApi, 'lookup');
    renderInSpanish();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar recibo' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#receipt-order-id', '#receipt-email']);
    expect(screen.getByLabelText('Número de pedido')).toHaveAttribute('aria-invalid', 'true');
    expect(lookup).not.toHaveBeenCalled();
    expectNoCatalogKey();
  });
});
