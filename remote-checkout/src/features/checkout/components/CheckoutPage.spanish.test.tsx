import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LanguageProvider, MemoryRouter, Route, Routes } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from '../api/checkoutApi';
import { testOrder } from '../../../testing/testOrder';
import { CheckoutPage } from './CheckoutPage';
import { expectNoCatalogKey } from '@fu/shared/testing';

// The checkout in Spanish (issue 35): every word a supporter reads comes from the catalogs.

/** A catalog key shown as it is: a message some catalog lacks. */

/** Two tubs of cookie dough to be shipped, $36.00. */
const order = { ...testOrder, hasShipping: true, itemsTotal: 3600, orderTotal: 3600 } as CheckoutOrder;

beforeEach(() => {
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.spyOn(checkoutApi, 'tokenize').mockResolvedValue({ token: 'tok_1' });
  jest.spyOn(checkoutApi, 'log').mockResolvedValue(undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderInSpanish() {
  render(
    <LanguageProvider language="es">
      <MemoryRouter initialEntries={['/Checkout/7']}>
        <Routes>
          <Route path="Checkout/:orderId" element={<CheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
}

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('CheckoutPage in Spanish', () => {
  it('labels the summary, the addresses and the card fields in Spanish', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderInSpanish();

    expect(await screen.findByRole('heading', { level: 2, name: 'Pago con tarjeta' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dirección de facturación' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dirección de entrega' })).toBeInTheDocument();
    expect(screen.getByLabelText('Igual que la dirección de facturación')).toBeChecked();

    const summary = screen.getByRole('table');
    for (const header of ['Artículo', 'Cant.', 'Precio', 'Editar']) {
      expect(within(summary).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(summary).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Editar Chocolate Chip' })).toHaveAttribute(
      'href',
      '/Order/Edit/7',
    );

    for (const label of [
      'Nombre',
      'Apellido',
      'Correo electrónico',
      'Teléfono',
      'Dirección',
      'Dirección 2 (opcional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('option', { name: 'Estados Unidos' })).toHaveValue('United States');
    expect(screen.getByRole('option', { name: 'Elija un estado' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Texas' })).toBeInTheDocument();
    for (const label of ['Estado', 'Ciudad', 'Código postal', 'Nombre en la tarjeta', 'Número de tarjeta', 'CVV']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Mes (MM)')).toHaveAttribute('placeholder', 'MM');
    expect(screen.getByLabelText('Año (AAAA)')).toHaveAttribute('placeholder', 'AAAA');
    expect(
      screen.getByText(/^Los datos de su tarjeta van directamente a nuestra pasarela de pago/),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4111111111111111' } });
    expect(screen.getByText('Tipo de tarjeta: Visa')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar el pago de $36.00' })).toBeEnabled());
    expectNoCatalogKey();
  });

  it('a declined card: the gateway’s words, then the advice in Spanish', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('Your card was declined.');
    renderInSpanish();
    const submit = await screen.findByRole('button', { name: 'Enviar el pago de $36.00' });
    await waitFor(() => expect(submit).toBeEnabled());
    type('billing-firstName', 'Casey');
    type('billing-lastName', 'Morgan');
    type('billing-email', 'casey@example.com');
    type('billing-phone', '5125550188');
    type('billing-address1', '1 Main St');
    type('billing-state', 'TX');
    type('billing-city', 'Austin');
    type('billing-zip', '78701');
    type('holderName', 'Casey Morgan');
    type('cardNumber', '4111111111111111');
    type('expiryMonth', '12');
    type('expiryYear', '2030');
    type('cvv', '123');
    fireEvent.click(submit);

    const error = await waitFor(() => {
      const shown = document.getElementById('payment-error');
      expect(shown).not.toBeNull();
      return shown!;
    });
    expect(error).toHaveTextContent(/^Error: .+ Pruebe con otra tarjeta o llame a su banco\.$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar el pago de $36.00' })).toBeEnabled());
    expectNoCatalogKey();
  });

  it('an empty form: its problems in the summary and at the fields, no key shown', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    const processOrder = jest.spyOn(checkoutApi, 'processOrder');
    renderInSpanish();
    const submit = await screen.findByRole('button', { name: 'Enviar el pago de $36.00' });
    // The served form takes input once the app runs.
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Hay un problema' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'El nombre en la tarjeta es obligatorio' })).toHaveAttribute(
      'href',
      '#holderName',
    );
    expect(processOrder).not.toHaveBeenCalled();
    expectNoCatalogKey();
  });

  it('a paid order: the way to the receipt and back to the start, in Spanish', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, status: 'paid' });
    jest.spyOn(checkoutApi, 'digitalReceipt').mockResolvedValue('http://site.test/Receipt/7?key=k');
    renderInSpanish();

    expect(await screen.findByRole('link', { name: 'Ver su recibo' })).toHaveAttribute(
      'href',
      'http://site.test/Receipt/7?key=k',
    );
    expect(screen.getByRole('link', { name: 'Volver a la página de inicio' })).toHaveAttribute('href', '/');
    expectNoCatalogKey();
  });
});
