import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ACCESS_MESSAGES, COVERED_FEE_LABEL, MemoryRouter, Route, Routes, orderChangedMessage } from '@fu/shared';
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

function renderPage(path = '/Checkout/7') {
  return render(
    <MemoryRouter initialEntries={[path]}>
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
    fireEvent.click(screen.getByRole('button', { name: /^Submit payment of / }));
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
    fireEvent.click(screen.getByRole('button', { name: /^Submit payment of / }));

    expect(await screen.findByTestId('order-changed')).toHaveTextContent(
      'This order changed after it was shown to you: its total is now $90.00. Nothing was charged.',
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$90.00');
    expect(window.alert).toHaveBeenCalledWith(orderChangedMessage(9000));
    expect(checkoutApi.log).not.toHaveBeenCalled();
    // Submit is enabled again and the supporter's details are still there.
    const submit = screen.getByRole('button', { name: /^Submit payment of / });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');
    // Said once, above the summary: not at the card, which was not the problem.
    expect(within(screen.getByRole('group', { name: 'Card payment' })).queryByText(/This order changed/)).toBeNull();

    fireEvent.click(submit);
    await waitFor(() => expect(processOrder).toHaveBeenCalledTimes(2));
    expect(processOrder.mock.calls[1]![0].payment.amount).toBe(9000);
  });
});

describe('CheckoutPage: a checkout that guides (issue 19)', () => {
  it('says what Submit does and for how much, and how card data is handled', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderPage();
    // Enabled once the app runs the form (ServedForm), the frame after its first render.
    const submit = await screen.findByRole('button', { name: 'Submit payment of $36.00' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByText(/We never see or store your card number\./)).toBeInTheDocument();
  });

  it("a test-mode order names the test gateway's cards", async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce({ ...order, testMode: true });
    renderPage();
    expect(await screen.findByText(/Test card 4111 1111 1111 1111 is approved/)).toBeInTheDocument();
  });

  it('a live order shows no test cards', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce(order);
    renderPage();
    await screen.findByRole('group', { name: 'Card payment' });
    expect(screen.queryByText(/Test card/)).not.toBeInTheDocument();
  });

  it('groups the card number as typed, names the brand, pads month 1, and sends digits only', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('not today');
    renderPage();
    await fillForm();
    type('Card number', '3782-8224 6310005');
    expect(screen.getByLabelText('Card number')).toHaveValue('3782 822463 10005');
    expect(screen.getByText('Card type: American Express')).toBeInTheDocument();
    type('Card number', '4111111111111111');
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByText('Card type: Visa')).toBeInTheDocument();
    type('Month (MM)', '1');
    fireEvent.blur(screen.getByLabelText('Month (MM)'));
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('01');
    type('Month (MM)', '3');
    fireEvent.click(screen.getByRole('button', { name: /^Submit payment of / }));
    await waitFor(() => expect(checkoutApi.tokenize).toHaveBeenCalledTimes(1));
    const sent = jest.mocked(checkoutApi.tokenize).mock.calls[0]![1];
    expect(sent.cardNumber).toBe('4111111111111111');
    expect(sent.expiryMonth).toBe('03');
    expect(screen.queryByText('Card expiration month is required')).not.toBeInTheDocument();
  });

  it('a decline: alerted, shown above the card fields with advice, the fields kept and the card number focused', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('Your card was declined.');
    renderPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Submit payment of / }));
    const card = screen.getByRole('group', { name: 'Card payment' });
    expect(
      await within(card).findByText('Your card was declined. Try another card, or call your bank.'),
    ).toBeInTheDocument();
    // The alert is the gateway's words as they are (spec §8).
    expect(window.alert).toHaveBeenCalledWith('Your card was declined.');
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Casey Morgan');
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');
    expect(screen.getByRole('button', { name: /^Submit payment of / })).toBeEnabled();
  });

  it('a gateway decline without a full stop still reads as two sentences; a tokenise error gets no advice', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    jest.spyOn(checkoutApi, 'processOrder').mockResolvedValueOnce('Insufficient funds');
    jest
      .mocked(checkoutApi.tokenize)
      .mockResolvedValueOnce({ token: 'tok_1' })
      .mockResolvedValueOnce({
        errors: [{ field: 'cardNumber', message: 'Card number is not valid' }],
      });
    renderPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Submit payment of / }));
    const card = screen.getByRole('group', { name: 'Card payment' });
    expect(
      await within(card).findByText('Insufficient funds. Try another card, or call your bank.'),
    ).toBeInTheDocument();
    const submit = await screen.findByRole('button', { name: /^Submit payment of / });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(card).findByText('cardNumber: Card number is not valid')).toBeInTheDocument();
    expect(within(card).queryByText(/Try another card/)).not.toBeInTheDocument();
  });

  it('while paying: the button says Processing… and cannot be pressed, the form is busy; after, Submit is back', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    let answer: (value: string) => void = () => undefined;
    jest.spyOn(checkoutApi, 'processOrder').mockReturnValue(new Promise<string>((resolve) => (answer = resolve)));
    const { container } = renderPage();
    await fillForm();
    const form = container.querySelector('form')!;
    expect(form).not.toHaveAttribute('aria-busy');
    fireEvent.click(screen.getByRole('button', { name: 'Submit payment of $36.00' }));
    const processing = await screen.findByRole('button', { name: 'Processing…' });
    expect(processing).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: /^Submit payment of / })).not.toBeInTheDocument();
    await waitFor(() => expect(checkoutApi.processOrder).toHaveBeenCalledTimes(1));
    act(() => answer('Your card was declined.'));
    expect(await screen.findByRole('button', { name: 'Submit payment of $36.00' })).toBeEnabled();
    expect(form).not.toHaveAttribute('aria-busy');
  });

  it('names the autofill token of every address field, and the ZIP code opens the number pad', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, hasShipping: true });
    renderPage();
    const billing = await screen.findByRole('group', { name: 'Billing address' });
    expect(within(billing).getByLabelText('Country')).toHaveAttribute('autocomplete', 'billing country-name');
    expect(within(billing).getByLabelText('State')).toHaveAttribute('autocomplete', 'billing address-level1');
    expect(within(billing).getByLabelText('Zip code')).toHaveAttribute('autocomplete', 'billing postal-code');
    expect(within(billing).getByLabelText('Zip code')).toHaveAttribute('inputmode', 'numeric');
    fireEvent.click(screen.getByLabelText('Same as Billing Address'));
    const delivery = screen.getByRole('group', { name: 'Delivery address' });
    expect(within(delivery).getByLabelText('Country')).toHaveAttribute('autocomplete', 'shipping country-name');
    expect(within(delivery).getByLabelText('State')).toHaveAttribute('autocomplete', 'shipping address-level1');
    expect(within(delivery).getByLabelText('Zip code')).toHaveAttribute('autocomplete', 'shipping postal-code');
    expect(within(delivery).getByLabelText('Zip code')).toHaveAttribute('inputmode', 'numeric');
  });

  it('clears each error as soon as its field is valid', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderPage();
    const submit = await screen.findByRole('button', { name: /^Submit payment of / });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findAllByText('Name on card is required')).toHaveLength(2);
    expect(screen.getAllByText('Card expiration month is required')).toHaveLength(2);
    type('Name on card', 'Casey Morgan');
    expect(screen.queryByText('Name on card is required')).not.toBeInTheDocument();
    type('Month (MM)', '1');
    expect(screen.queryByText('Card expiration month is required')).not.toBeInTheDocument();
    // The fields not yet fixed keep theirs.
    expect(screen.getAllByText('Card number is required')).toHaveLength(2);
  });

  it('asks no delivery address when nothing ships, and offers it when something does', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce({ ...order, hasShipping: false });
    renderPage();
    await screen.findByRole('group', { name: 'Billing address' });
    expect(screen.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Same as Billing Address')).not.toBeInTheDocument();
  });

  it('asks no delivery address for a donation only, even where the fundraiser ships', async () => {
    const donationOnly = { ...order, hasShipping: true, donation: 5000, fundraiserOrderItems: [] };
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce(donationOnly);
    renderPage();
    await screen.findByRole('group', { name: 'Billing address' });
    expect(screen.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
  });

  it('offers the delivery address for an order that ships', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValueOnce({ ...order, hasShipping: true });
    renderPage();
    expect(await screen.findByRole('group', { name: 'Delivery address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Same as Billing Address')).toBeChecked();
  });

  it('a paid order links to its receipt for the browser that paid it', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, status: 'paid' });
    jest.spyOn(checkoutApi, 'digitalReceipt').mockResolvedValue('http://site.test/Receipt/7?key=k');
    renderPage();
    expect(await screen.findByText('This order has been paid. Thank you for your support!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View your receipt' })).toHaveAttribute(
      'href',
      'http://site.test/Receipt/7?key=k',
    );
    expect(checkoutApi.digitalReceipt).toHaveBeenCalledWith('http://site.test', 7);
  });

  it('a paid order in another browser: no receipt link, the way back to the start', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, status: 'paid' });
    jest.spyOn(checkoutApi, 'digitalReceipt').mockRejectedValue(new Error('Not found'));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'View your receipt' })).not.toBeInTheDocument();
  });
});

describe('CheckoutPage: whom the order counts for, before paying (issue 31)', () => {
  it('an order credited to a student: "Supporting Jordan R."', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue({ ...order, creditedStudent: 'Jordan R.' });
    renderPage();
    expect(await screen.findByTestId('order-credit')).toHaveTextContent(/^Supporting Jordan R\.$/);
  });

  it('an order credited to no student: it counts for the team, and the coach sees the name typed', async () => {
    jest
      .spyOn(checkoutApi, 'getOrder')
      .mockResolvedValue({ ...order, studentFirstName: 'Sam', studentLastName: 'Nobody', creditedStudent: undefined });
    renderPage();
    expect(await screen.findByTestId('order-credit')).toHaveTextContent(
      'We could not match “Sam Nobody” to a single student on this team, so this order will count for the team. ' +
        'The coach will see the name you typed.',
    );
  });
});

describe('CheckoutPage: no order of this browser', () => {
  it("an id no order can have: the not-found words another browser's order gets (and the served page shows), no call", async () => {
    const getOrder = jest.spyOn(checkoutApi, 'getOrder');
    for (const path of ['/Checkout/abc', '/Checkout/0', '/Checkout/99999999999']) {
      const { unmount } = renderPage(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_MESSAGES.orderNotFound);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Checkout$/);
      unmount();
    }
    expect(getOrder).not.toHaveBeenCalled();
  });
});

describe('CheckoutPage: cover the processing fee (issue 19)', () => {
  /** The server prices covering the fee of the $36.00 order at $1.34. */
  const offered = { ...order, coverFeesAmount: 134 };
  const box = () => screen.getByRole('checkbox', { name: /to cover the card processing fee/ });

  it('offers an unticked box naming the fee, the team and the total it keeps whole', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(offered);
    renderPage();
    await screen.findByRole('group', { name: 'Card payment' });
    expect(box()).not.toBeChecked();
    expect(box()).toHaveAccessibleName(
      'Add $1.34 to cover the card processing fee, so Varsity Football receives the full $36.00.',
    );
    expect(screen.queryByText(COVERED_FEE_LABEL)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit payment of $36.00' })).toBeInTheDocument();
  });

  it('ticked: its own line on the summary, the total and Submit include it, and the charge is the sum', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(offered);
    const processOrder = jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('not today');
    renderPage();
    await fillForm();
    fireEvent.click(box());
    const summary = screen.getByRole('table', { name: 'Order summary' });
    const row = within(summary).getByText(COVERED_FEE_LABEL).closest('tr')!;
    expect(within(row).getByTestId('covered-fee')).toHaveTextContent('$1.34');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$37.34');
    fireEvent.click(screen.getByRole('button', { name: 'Submit payment of $37.34' }));
    await waitFor(() => expect(processOrder).toHaveBeenCalledTimes(1));
    expect(processOrder.mock.calls[0]![0]).toMatchObject({ coverFees: true, payment: { amount: 3734 } });
  });

  it('ticked then unticked: the order total alone, without coverFees', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(offered);
    const processOrder = jest.spyOn(checkoutApi, 'processOrder').mockResolvedValue('not today');
    renderPage();
    await fillForm();
    fireEvent.click(box());
    fireEvent.click(box());
    expect(screen.queryByText(COVERED_FEE_LABEL)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit payment of $36.00' }));
    await waitFor(() => expect(processOrder).toHaveBeenCalledTimes(1));
    expect(processOrder.mock.calls[0]![0]).toMatchObject({ coverFees: false, payment: { amount: 3600 } });
  });

  it('no box when the server offers none', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderPage();
    await screen.findByRole('group', { name: 'Card payment' });
    expect(screen.queryByRole('checkbox', { name: /processing fee/ })).not.toBeInTheDocument();
  });
});

describe('CheckoutPage: the card number keeps its caret (issue 19)', () => {
  /** Types `typed` into the card number as the browser would at `at`, then answers the caret React left. */
  function typeAt(at: number, typed: string, inputType = 'insertText') {
    const input = screen.getByLabelText<HTMLInputElement>('Card number');
    input.focus();
    const value = input.value.slice(0, at) + typed + input.value.slice(at);
    fireEvent.input(input, {
      target: { value, selectionStart: at + typed.length, selectionEnd: at + typed.length },
      inputType,
    });
    return input;
  }

  it('a digit typed mid-number: regrouped, the caret right after it', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderPage();
    await screen.findByLabelText('Card number');
    type('Card number', '4111111111111111');
    const input = typeAt(6, '9');
    expect(input).toHaveValue('4111 1911 1111 1111 1');
    expect(input.selectionStart).toBe(7);
    expect(input.selectionEnd).toBe(7);
  });

  it('a digit deleted mid-number, and Backspace over a group space, keep the caret there', async () => {
    jest.spyOn(checkoutApi, 'getOrder').mockResolvedValue(order);
    renderPage();
    await screen.findByLabelText('Card number');
    type('Card number', '4111234567891234');
    const input = screen.getByLabelText<HTMLInputElement>('Card number');
    input.focus();
    // Backspace after the 3 of '4111 23|45 6789 1234'.
    fireEvent.input(input, {
      target: { value: '4111 245 6789 1234', selectionStart: 6, selectionEnd: 6 },
      inputType: 'deleteContentBackward',
    });
    expect(input).toHaveValue('4111 2456 7891 234');
    expect(input.selectionStart).toBe(6);
    // Backspace just after the space of '4111 |2456 …': the 1 before the space goes.
    fireEvent.input(input, {
      target: { value: '41112456 7891 234', selectionStart: 4, selectionEnd: 4 },
      inputType: 'deleteContentBackward',
    });
    expect(input).toHaveValue('4112 4567 8912 34');
    expect(input.selectionStart).toBe(3);
  });
});
