import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, orderChangedMessage } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from '../api/checkoutApi';
import { fillAddress, orderChanged, testOrder } from '../../../testing/testOrder';
import { CheckoutPage } from './CheckoutPage';

/** Two tubs of cookie dough, $36.00, on the team page. */
const order = { ...testOrder, itemsTotal: 3600, convenienceFee: 180, orderTotal: 3600, FundraiserDeviceId: null };

/** The same order after another tab added three tubs: $90.00. */
const edited = {
  ...order,
  itemsTotal: 9000,
  orderTotal: 9000,
  fundraiserOrderItems: [
    {
      ...order.fundraiserOrderItems[0]!,
      fundraiserOrderItemOptions: [{ ...order.fundraiserOrderItems[0]!.fundraiserOrderItemOptions[0]!, qty: 5 }],
    },
  ],
} as CheckoutOrder;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillForm() {
  await fillAddress();
  type('Name on card', 'Casey Morgan');
  type('Card number', '4111111111111111');
  type('Month (MM)', '12');
  type('Year (YYYY)', '2030');
  type('CVV', '123');
}

beforeEach(() => {
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.spyOn(checkoutApi, 'tokenize').mockResolvedValue({ token: 'tok_1' });
  jest.spyOn(checkoutApi, 'log').mockResolvedValue(undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/Checkout/7']}>
      <Routes>
        <Route path="Checkout/:orderId" element={<CheckoutPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CheckoutPage: the server charges only the total the page shows', () => {
  it('sends the total it shows as payment.amount', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    const processOrder = jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('not today');
    renderPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(processOrder).toHaveBeenCalledTimes(1));
    expect(processOrder.mock.calls[0]![0].payment.amount).toBe(3600);
    expect(processOrder.mock.calls[0]![0].payment.token).toBe('tok_1');
  });

  it('an order changed elsewhere: says so, shows the new total, keeps what was typed, then pays that total', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce(order).mockResolvedValueOnce(edited);
    const processOrder = jest
      .spyOn(checkoutApi, 'processOrder')
      .mockRejectedValueOnce(orderChanged(9000))
      .mockResolvedValueOnce('declined for the test');
    renderPage();
    await fillForm();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$36.00');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByTestId('order-changed')).toHaveTextContent(
      'This order changed after it was shown to you: its total is now $90.00. Nothing was charged.',
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$90.00');
    expect(window.alert).toHaveBeenCalledWith(orderChangedMessage(9000));
    expect(checkoutApi.log).not.toHaveBeenCalled();
    // Submit is enabled again and the supporter's details are still there.
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');

    fireEvent.click(submit);
    await waitFor(() => expect(processOrder).toHaveBeenCalledTimes(2));
    expect(processOrder.mock.calls[1]![0].payment.amount).toBe(9000);
  });
});
