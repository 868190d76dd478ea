import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, RECEIPT_LOOKUP_MESSAGES, Route, Routes, useLocation } from '@fu/shared';
import { receiptLookupApi } from './api/receiptLookupApi';
import { ReceiptLookupPage } from './components/ReceiptLookupPage';
import { parseOrderId } from './validation';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/Receipts']}>
      <Routes>
        <Route path="Receipts" element={<ReceiptLookupPage />} />
        <Route path="Receipt/:orderId" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** An axios failure with the API's `{ message, errors? }` body, as the shared client would throw it. */
function apiFailure(status: number, body: object) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', String(status), config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: body,
  });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Find receipt' }));
/** The summary, once it has taken focus. */
const focusedSummary = async () => {
  const summary = await screen.findByRole('alert');
  await waitFor(() => expect(summary).toHaveFocus());
  return summary;
};

afterEach(() => jest.restoreAllMocks());

describe('ReceiptLookupPage', () => {
  it('has a labelled order number and e-mail field and a submit button', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Find a receipt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('E-mail used')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('E-mail used')).toHaveAttribute('autocomplete', 'email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists empty fields in the summary, focuses it, repeats them at the fields and asks nothing', async () => {
    const lookup = jest.spyOn(receiptLookupApi, 'lookup');
    renderPage();
    submit();
    const summary = await focusedSummary();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [RECEIPT_LOOKUP_MESSAGES.orderId, '#receipt-order-id'],
      [RECEIPT_LOOKUP_MESSAGES.email, '#receipt-email'],
    ]);
    expect(screen.getByLabelText('Order number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Order number')).toHaveAccessibleDescription(
      `For example 1042 Error: ${RECEIPT_LOOKUP_MESSAGES.orderId}`,
    );
    expect(screen.getByLabelText('E-mail used')).toHaveAccessibleDescription(`Error: ${RECEIPT_LOOKUP_MESSAGES.email}`);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses an order number that is not digits and an e-mail without @', async () => {
    renderPage();
    type('Order number', '10a2');
    type('E-mail used', 'casey.example.com');
    submit();
    const summary = await focusedSummary();
    expect(within(summary).getByText(RECEIPT_LOOKUP_MESSAGES.orderIdFormat)).toBeInTheDocument();
    expect(within(summary).getByText(RECEIPT_LOOKUP_MESSAGES.emailFormat)).toBeInTheDocument();
  });

  it('sends the number and the trimmed e-mail, then opens the receipt it is given', async () => {
    const lookup = jest
      .spyOn(receiptLookupApi, 'lookup')
      .mockResolvedValue('http://localhost:8080/Receipt/1042?key=abc_DEF-123');
    renderPage();
    type('Order number', ' #1042 ');
    type('E-mail used', '  Casey@Example.COM ');
    submit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/Receipt/1042?key=abc_DEF-123');
    expect(lookup).toHaveBeenCalledWith({ orderId: 1042, email: 'Casey@Example.COM' });
  });

  it("shows the server's one not-found message in the focused summary, not at a field, and lets the user retry", async () => {
    const lookup = jest
      .spyOn(receiptLookupApi, 'lookup')
      .mockRejectedValueOnce(apiFailure(404, { message: RECEIPT_LOOKUP_MESSAGES.notFound }));
    renderPage();
    type('Order number', '1042');
    type('E-mail used', 'wrong@example.com');
    submit();
    const summary = await focusedSummary();
    expect(within(summary).getByRole('link', { name: RECEIPT_LOOKUP_MESSAGES.notFound })).toHaveAttribute(
      'href',
      '#receipt-order-id',
    );
    expect(screen.getByLabelText('Order number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('E-mail used')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Find receipt' })).toBeEnabled();

    lookup.mockResolvedValueOnce('/Receipt/1042?key=k');
    type('E-mail used', 'casey@example.com');
    submit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/Receipt/1042?key=k');
  });

  it('shows a rate-limit refusal as it is worded', async () => {
    const message = 'Too many requests. Please wait 60 seconds and try again.';
    jest.spyOn(receiptLookupApi, 'lookup').mockRejectedValue(apiFailure(429, { message }));
    renderPage();
    type('Order number', '1042');
    type('E-mail used', 'casey@example.com');
    submit();
    expect(within(await focusedSummary()).getByText(message)).toBeInTheDocument();
  });

  it('disables the button while asking', async () => {
    let answer: (url: string) => void = () => {};
    jest.spyOn(receiptLookupApi, 'lookup').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    type('Order number', '7');
    type('E-mail used', 'casey@example.com');
    submit();
    expect(screen.getByRole('button', { name: 'Find receipt' })).toBeDisabled();
    answer('/Receipt/7?key=k');
    expect(await screen.findByTestId('location')).toHaveTextContent('/Receipt/7?key=k');
  });
});

describe('parseOrderId', () => {
  it.each([
    ['1042', 1042],
    [' 1042 ', 1042],
    ['#1042', 1042],
    ['# 7', 7],
    ['0', null],
    ['', null],
    ['12.5', null],
    ['-3', null],
    ['1e3', null],
    ['2147483648', null],
    ['2147483647', 2147483647],
  ])('%j → %j', (typed, id) => {
    expect(parseOrderId(typed)).toBe(id);
  });
});
