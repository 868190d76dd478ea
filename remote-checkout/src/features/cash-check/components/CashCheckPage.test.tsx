import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, rememberRecordedSale, Route, Routes } from '@fu/shared';
import { fillAddress, orderChanged, testOrder } from '../../../testing/testOrder';
import { checkoutApi } from '../../checkout';
import { CashCheckPage } from './CashCheckPage';

const order = testOrder;

function renderPage(paymentTypeId: number | null = null) {
  jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, paymentTypeId });
  render(
    <MemoryRouter initialEntries={['/CheckoutCashCheck/7/7']}>
      <Routes>
        <Route path="CheckoutCashCheck/:orderId/:cashcheck" element={<CashCheckPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (role: 'radio' | 'button', name: string) => fireEvent.click(screen.getByRole(role, { name }));

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('CashCheckPage', () => {
  it('asks how it was paid first, then shows the summary of what will be recorded, then the addresses', async () => {
    renderPage();
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    const cash = screen.getByRole('radio', { name: 'Cash' });
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(cash.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(billing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows spec §9 fee only while no payment type is chosen; with Cash or Check, what will be recorded', async () => {
    renderPage();
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    expect(within(summary).getByTestId('convenience-fee')).toBeInTheDocument();
    const noFee = () => {
      expect(within(summary).queryByTestId('convenience-fee')).not.toBeInTheDocument();
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$51.00');
    };
    click('radio', 'Cash');
    noFee();
    click('radio', 'Check');
    noFee();
  });

  it('starts on the payment type the order records: Check for 3', async () => {
    renderPage(3);
    expect(await screen.findByRole('radio', { name: 'Check' })).toBeChecked();
    expect(screen.getByLabelText('Check number')).toBeInTheDocument();
    expect(screen.queryByTestId('convenience-fee')).not.toBeInTheDocument();
  });

  it('an order recorded as card (2): no radio chosen, and the fee shown until one is (spec §9)', async () => {
    renderPage(2);
    expect(await screen.findByTestId('convenience-fee')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Check' })).not.toBeChecked();
  });

  it('says whom the sale is recorded for: the student of the page this tab recorded it on', async () => {
    rememberRecordedSale(7, { pageGuid: '11111111-1111-4111-8111-111111111111', studentName: 'Avery Q.' });
    renderPage();
    expect(await screen.findByText('Recording a cash or check sale for Avery Q.')).toBeInTheDocument();
  });

  it("in another tab, the order's own student", async () => {
    renderPage();
    expect(await screen.findByText('Recording a cash or check sale for Jordan R.')).toBeInTheDocument();
  });

  it("in privacy mode (issue 34), the order's student by first name only", async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, paymentTypeId: null, privacyMode: true });
    render(
      <MemoryRouter initialEntries={['/CheckoutCashCheck/7/7']}>
        <Routes>
          <Route path="CheckoutCashCheck/:orderId/:cashcheck" element={<CashCheckPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Recording a cash or check sale for Jordan.')).toBeInTheDocument();
  });

  it('lists the problems in the order the page asks: the payment type before the addresses', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Order summary' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Submit/ })).toBeEnabled());
    click('button', 'Submit');
    const summary = await screen.findByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Please choose Cash or Check.');
    expect(links.length).toBeGreaterThan(1);
  });

  it('needs a choice and a check number, with the focus on the error summary', async () => {
    const process = jest.spyOn(checkoutApi, 'processCashCheck');
    renderPage();
    await fillAddress();
    click('button', 'Submit');
    expect(await screen.findByRole('link', { name: 'Please choose Cash or Check.' })).toBeInTheDocument();
    click('radio', 'Check');
    click('button', 'Submit');
    expect(await screen.findByRole('link', { name: 'Please enter a check number.' })).toBeInTheDocument();
    expect(process).not.toHaveBeenCalled();
  });

  it('sends the payment type and check number, then goes to the receipt', async () => {
    const process = jest.spyOn(checkoutApi, 'processCashCheck').mockResolvedValue('success');
    const receipt = jest.spyOn(checkoutApi, 'digitalReceipt').mockRejectedValue(new Error('jsdom cannot navigate'));
    renderPage();
    await fillAddress();
    click('radio', 'Check');
    type('Check number', '1042');
    click('button', 'Submit');
    await waitFor(() => expect(receipt).toHaveBeenCalledWith('http://site.test', 7));
    expect(process).toHaveBeenCalledWith(
      expect.objectContaining({
        orderId: 7,
        paymentTypeId: 3,
        checkNumber: '1042',
        shippingState: 'TX',
        payment: { amount: 5100 },
      }),
    );
    // Recorded: the button stays busy while the receipt opens.
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  });

  it('alerts a non-success answer as is and enables Submit again', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    jest.spyOn(checkoutApi, 'processCashCheck').mockResolvedValue('Something the server said.');
    renderPage(1);
    await fillAddress();
    click('button', 'Submit');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Something the server said.'));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('an order changed since it was shown: nothing recorded, the new total shown, then recorded at it', async () => {
    jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const process = jest
      .spyOn(checkoutApi, 'processCashCheck')
      .mockRejectedValueOnce(orderChanged(9000))
      .mockResolvedValueOnce('Recorded for the test.');
    renderPage(1);
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, paymentTypeId: 1, orderTotal: 9000 });
    await fillAddress();
    click('button', 'Submit');
    expect(await screen.findByTestId('order-changed')).toHaveTextContent('its total is now $90.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$90.00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    click('button', 'Submit');
    await waitFor(() => expect(process).toHaveBeenCalledTimes(2));
    expect(process.mock.calls[1]![0].payment).toEqual({ amount: 9000 });
  });
});
