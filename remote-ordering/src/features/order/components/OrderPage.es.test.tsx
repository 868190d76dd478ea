import { fireEvent, screen, within } from '@testing-library/react';
import { type OptionBundle } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { testOrder } from '../testOrder';
import { OrderPage } from './OrderPage';
import { CATALOG_KEY, readableText, renderInSpanish } from '@fu/shared/testing';

// The order page in Spanish (issue 35): every text of this remote comes from its catalog.

const fanPack: OptionBundle = {
  id: 1,
  name: 'Fan Pack',
  description: 'Two adult medium shirts.',
  icon: null,
  optionBundleEntries: [{ itemsOptionId: 102, quantity: 2, itemsOption: { price: 2000 } }],
};

type LoadedOrder = Awaited<ReturnType<typeof orderApi.fundraiserDetails>>;

const renderOrder = (order: LoadedOrder) => {
  jest.spyOn(orderApi, 'fundraiserDetails').mockResolvedValue(order);
  return renderInSpanish('/Order/1/0/0', '/Order/:fundraiserId/:itemId/:phone', <OrderPage route="fundraiser" />);
};

beforeEach(() => {
  jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([{ itemId: 10, optionBundles: [fanPack] }]);
  jest.spyOn(orderApi, 'progress').mockRejectedValue(new Error('not under test'));
});
afterEach(() => jest.restoreAllMocks());

describe('the order page in Spanish', () => {
  it('names the team, asks for the student, offers the tiers, the items and the total in Spanish', async () => {
    renderOrder({ ...testOrder, teamPhotoUrl: '/images/logo.png' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Varsity Football' })).toBeInTheDocument();
    expect(document.title).toContain('Apoye a Varsity Football de Lincoln High School');
    expect(screen.getByAltText('Logotipo de Varsity Football')).toBeInTheDocument();

    expect(screen.getByLabelText('Nombre del estudiante')).toBeInTheDocument();
    expect(screen.getByLabelText('Apellido del estudiante')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Patrocine al equipo' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Monto de la donación' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Patrocinio MVP.*Nuestra meta/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Salón de la Fama/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monto personalizado' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sin donación' })).toBeChecked();
    expect(screen.getByLabelText('Donación personalizada (USD)')).toHaveAttribute(
      'placeholder',
      'Ingrese el monto (mínimo $35)',
    );

    expect(await screen.findByRole('heading', { name: 'Artículos' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Opciones de Team T-Shirt' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Ver selección' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Vista previa' })).toHaveAttribute('href', '/TicketPreview/1');
    expect(screen.getByRole('button', { name: 'Quitar una unidad de Adult Medium' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Cantidad de Adult Medium' })).toHaveTextContent('0');

    const total = screen.getByRole('region', { name: 'Total del pedido' });
    expect(total).toHaveTextContent('Total: $0.00');
    expect(within(total).getByRole('button', { name: 'Continuar al pago' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /Patrocinador del Equipo/ }));
    expect(total).toHaveTextContent('Donación: $35.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$35.00');

    fireEvent.click(screen.getByRole('button', { name: 'Agregar una unidad de Adult Medium' }));
    expect(screen.getByRole('status', { name: 'Cantidad de Adult Medium' })).toHaveTextContent('1');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$55.00');

    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it("shows an item's bundles, their preview and the chosen one's state in Spanish", async () => {
    renderOrder(testOrder);
    expect(await screen.findByRole('heading', { name: 'Paquetes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compra personalizada' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    const preview = screen.getByRole('dialog', { name: 'Fan Pack' });
    expect(preview).toHaveTextContent('2 × Adult Medium ($20.00 cada uno)');
    expect(preview).toHaveTextContent('Valor total: $40.00');
    fireEvent.click(within(preview).getByRole('button', { name: 'Cerrar' }));

    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar' }));
    expect(await screen.findByRole('button', { name: 'Seleccionado' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Fan Pack: paquete completo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar paquete' })).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$40.00');
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it("an inactive fundraiser's message, and the way to another fundraiser", async () => {
    renderOrder({ ...testOrder, isActive: false });
    expect(
      await screen.findByText('Esta recaudación de fondos ya no está activa. Gracias por su apoyo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buscar otra recaudación de fondos' })).toHaveAttribute('href', '/');
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it("a paid order's Edit page: its number, that it is paid, and its receipt", async () => {
    jest
      .spyOn(orderApi, 'fundraiserOrder')
      .mockResolvedValue({ ...testOrder, orderId: 42, status: 'paid' } as Awaited<
        ReturnType<typeof orderApi.fundraiserOrder>
      >);
    jest.spyOn(orderApi, 'digitalReceipt').mockResolvedValue('http://site/Receipt/42?key=k');
    renderInSpanish('/Order/Edit/42', '/Order/Edit/:orderId', <OrderPage route="edit" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido n.º 42' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Este pedido ya está pagado y no se puede cambiar.');
    expect(await screen.findByRole('link', { name: 'Ver su recibo' })).toHaveAttribute(
      'href',
      'http://site/Receipt/42?key=k',
    );
    expect(document.title).toContain('Pedido');
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });
});
