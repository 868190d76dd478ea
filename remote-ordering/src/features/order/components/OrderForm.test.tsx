// First: it installs the hook react-dom reports its renders to when it loads.
import { commitsBy, componentsRenderedBy } from '../../../testing/renderedComponents';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, recordedSaleOf, Route, Routes } from '@fu/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import type { FundraiserProgress, OptionBundle } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { testOrder as order } from '../testOrder';
import type { OrderFormMode } from '../orderMode';
import { OrderForm } from './OrderForm';

const DEVICE = '11111111-1111-4111-8111-111111111111';

function renderForm(mode: OrderFormMode = { itemId: 0 }, shown: typeof order = order) {
  return render(
    <MemoryRouter initialEntries={['/Order/1/0/0']}>
      <Routes>
        <Route path="/Order/1/0/0" element={<OrderForm order={shown} mode={mode} />} />
        <Route path="/checkout/:orderId" element={<h1>Checkout page</h1>} />
        <Route path="/checkoutcashcheck/:orderId/:cashcheck" element={<h1>Cash check page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function fillStudentAndOneItem() {
  fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jordan' } });
  fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'Rivera' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
}

const fanPack: OptionBundle = {
  id: 1,
  name: 'Fan Pack',
  description: 'Two adult medium shirts.',
  icon: null,
  optionBundleEntries: [{ itemsOptionId: 102, quantity: 2, itemsOption: { price: 2000 } }],
};

const cashCheckDraft: OrderFormMode = { itemId: 0, cashCheck: '88', orderId: 88, fundraiserDeviceGuid: DEVICE };

const progress: FundraiserProgress = {
  fundraiserId: 1,
  goalCents: 100000,
  goalPerStudentCents: 50000,
  raisedCents: 23450,
  cashCheckCents: 0,
  studentCount: 2,
};

beforeEach(() => {
  jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([]);
  jest.spyOn(orderApi, 'progress').mockResolvedValue(progress);
});
afterEach(() => jest.restoreAllMocks());

describe('OrderForm', () => {
  it("shows the team's progress under the team header: raised of goal, as a labelled progressbar", async () => {
    renderForm();
    // A placeholder of the same size holds the place while the figures load.
    expect(screen.getByRole('progressbar', { name: 'Team progress' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByTestId('team-progress-text');
    const bar = screen.getByRole('progressbar', { name: 'Team progress' });
    expect(orderApi.progress).toHaveBeenCalledWith(1);
    expect(screen.getByTestId('team-progress-text')).toHaveTextContent('$234.50 raised of $1,000.00 goal');
    expect(bar).toHaveAttribute('aria-valuenow', '23450');
    expect(bar).toHaveAttribute('aria-valuemax', '100000');
    // Between the team header and the form, so the existing sections keep their order.
    const header = screen.getByRole('heading', { level: 1, name: 'Varsity Football' });
    expect(header.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      bar.compareDocumentPosition(screen.getByLabelText('Student first name')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says how much of the team total students recorded as cash or check', async () => {
    jest.spyOn(orderApi, 'progress').mockResolvedValue({ ...progress, cashCheckCents: 3600 });
    renderForm();
    expect(await screen.findByTestId('team-progress-text')).toHaveTextContent(
      '$234.50 raised of $1,000.00 goal, $36.00 of it in cash or checks',
    );
  });

  it('leaves the progress out, and the form usable, when the progress call fails', async () => {
    jest.spyOn(orderApi, 'progress').mockRejectedValue(new Error('down'));
    renderForm();
    expect(await screen.findByLabelText('Student first name')).toBeInTheDocument();
    await waitFor(() => expect(orderApi.progress).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows every validation message in the summary and moves focus there', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please enter a first name for the student.');
    expect(summary).toHaveTextContent('Please enter a last name for the student.');
    expect(summary).toHaveTextContent('Please select an item.');
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it('clears each error as soon as its field is fixed: the names as typed, the item once chosen', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    const summary = await screen.findByRole('alert');
    expect(screen.getAllByText('Please select an item.').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jordan' } });
    expect(screen.queryByText('Please enter a first name for the student.')).not.toBeInTheDocument();
    expect(summary).toHaveTextContent('Please enter a last name for the student.');
    fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
    expect(screen.queryByText('Please select an item.')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'Rivera' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses what the server's order rules refuse before sending anything, in the server's words", async () => {
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderForm();
    fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'visit example.com' } });
    fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'Rivera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please enter a name without a web address.');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(createOrder).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jordan' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's 400 for an order rule its own data broke, until the next submit", async () => {
    // The page priced the order with what it loaded; the server with what it reads now.
    const message = 'An order can be at most $1,000,000. Please split it into smaller orders.';
    const refused = new AxiosError('Bad Request', '400', undefined, undefined, {
      status: 400,
      data: { message, errors: [{ field: 'orderTotal', message }] },
    } as AxiosResponse);
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockRejectedValue(refused);
    renderForm();
    fillStudentAndOneItem();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jo' } });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(createOrder).toHaveBeenCalledTimes(1);
  });

  it('adds items and a tier to the total, then creates the order and goes to checkout', async () => {
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderForm();
    fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jordan' } });
    fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'Rivera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
    fireEvent.click(screen.getByRole('radio', { name: /Team Sponsor/ }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$75.00');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        fundraiserId: 1,
        studentFirstName: 'Jordan',
        donation: 3500,
        fundraiserOrderItems: [
          { itemId: 10, optionBundleId: null, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty: 2 }] },
        ],
      }),
    );
  });

  it("fills the student's cash/check draft order and goes to the cash/check checkout", async () => {
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(88);
    renderForm(cashCheckDraft);
    fillStudentAndOneItem();
    expect(await screen.findByRole('heading', { name: 'Cash check page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 88, isCashCheck: true, fundraiserDeviceGuid: DEVICE }),
    );
  });

  it("says on a student's cash/check page that a sale is recorded, and for whom; a supporter's page does not", () => {
    const { unmount } = renderForm(cashCheckDraft, { ...order, studentFirstName: 'Jordan', studentLastName: 'Rivera' });
    expect(screen.getByText('Recording a cash or check sale for Jordan R.')).toBeInTheDocument();
    unmount();
    renderForm({ itemId: 0 }, { ...order, studentFirstName: 'Jordan', studentLastName: 'Rivera' });
    expect(screen.queryByText(/Recording a cash or check sale/)).not.toBeInTheDocument();
  });

  describe('privacy mode (issue 34)', () => {
    const CONTACT = '66666666-6666-4666-8666-666666666666';
    const linked = {
      ...order,
      privacyMode: true,
      studentFirstName: 'Jordan',
      studentLastName: '',
      contactGuid: CONTACT,
    };

    it("a student's link names the student by first name, asks for no name, and orders for them", async () => {
      const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
      renderForm({ itemId: 0 }, linked);
      expect(screen.getByTestId('linked-student')).toHaveTextContent('Supporting Jordan');
      expect(screen.queryByLabelText('Student first name')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Student last name')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
      fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
      expect(createOrder).toHaveBeenCalledWith(
        expect.objectContaining({ contactGuid: CONTACT, studentFirstName: 'Jordan', studentLastName: '' }),
      );
    });

    it("a student's cash/check page records the sale for the first name only", async () => {
      sessionStorage.clear();
      jest.spyOn(orderApi, 'createOrder').mockResolvedValue(88);
      renderForm(cashCheckDraft, { ...linked, contactGuid: null });
      expect(screen.getByText('Recording a cash or check sale for Jordan.')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' }));
      fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      expect(await screen.findByRole('heading', { name: 'Cash check page' })).toBeInTheDocument();
      expect(recordedSaleOf(88)).toEqual({ pageGuid: DEVICE, studentName: 'Jordan' });
    });

    it("the team's page still asks for both names", () => {
      renderForm({ itemId: 0 }, { ...order, privacyMode: true });
      expect(screen.getByLabelText('Student first name')).toBeInTheDocument();
      expect(screen.getByLabelText('Student last name')).toBeInTheDocument();
      expect(screen.queryByTestId('linked-student')).not.toBeInTheDocument();
    });
  });

  it('remembers, in this tab only, the student page a recorded sale came from', async () => {
    sessionStorage.clear();
    jest.spyOn(orderApi, 'createOrder').mockResolvedValue(88);
    renderForm(cashCheckDraft, { ...order, studentFirstName: 'Jordan', studentLastName: 'Rivera' });
    fillStudentAndOneItem();
    expect(await screen.findByRole('heading', { name: 'Cash check page' })).toBeInTheDocument();
    expect(recordedSaleOf(88)).toEqual({ pageGuid: DEVICE, studentName: 'Jordan R.' });
  });

  it("a supporter's order leaves no recorded sale behind", async () => {
    sessionStorage.clear();
    jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderForm();
    fillStudentAndOneItem();
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(recordedSaleOf(42)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('starts a new cash/check order when the draft was paid in the meantime', async () => {
    const paid = new AxiosError('Conflict', '409', undefined, undefined, {
      status: 409,
      data: { message: 'This order has already been paid and can no longer be changed.' },
    } as AxiosResponse);
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockRejectedValueOnce(paid).mockResolvedValueOnce(89);
    renderForm(cashCheckDraft);
    fillStudentAndOneItem();
    expect(await screen.findByRole('heading', { name: 'Cash check page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenLastCalledWith(expect.objectContaining({ orderId: 0 }));
  });

  it('shows the conflict when an order being edited was paid', async () => {
    const paid = new AxiosError('Conflict', '409', undefined, undefined, {
      status: 409,
      data: { message: 'This order has already been paid and can no longer be changed.' },
    } as AxiosResponse);
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockRejectedValue(paid);
    renderForm({ itemId: 0, orderId: 88 });
    fillStudentAndOneItem();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has already been paid and can no longer be changed.',
    );
    expect(createOrder).toHaveBeenCalledTimes(1);
  });

  it('marks MVP Sponsorship as the target and offers a custom amount from $35', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: /MVP Sponsorship.*Our target/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter amount (minimum $35)')).toHaveAttribute('min', '35');
  });

  it('shows the inactive message instead of the form', () => {
    render(
      <MemoryRouter>
        <OrderForm order={{ ...order, isActive: false }} mode={{ itemId: 0 }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('This fundraiser is no longer active. Thank you for your support.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another fundraiser' })).toHaveAttribute('href', '/');
  });

  it("fetches every item's bundles in one call and shows each item its own", async () => {
    const bundles = jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([
      { itemId: 10, optionBundles: [fanPack] },
      { itemId: 43, optionBundles: [] },
    ]);
    renderForm();
    expect(await screen.findByText('Fan Pack')).toBeInTheDocument();
    expect(bundles).toHaveBeenCalledTimes(1);
    expect(bundles).toHaveBeenCalledWith(1);
    expect(screen.getAllByRole('heading', { name: 'Bundles' })).toHaveLength(1);
  });

  describe('re-renders only what a change touches (issue 20: the page on a slow phone)', () => {
    const [shirt, card] = order.fundraiserOrderItems;
    // A second size of the shirt, to tell the row clicked from its neighbour.
    const twoSizes = {
      ...order,
      fundraiserOrderItems: [
        {
          ...shirt!,
          fundraiserOrderItemOptions: [
            ...shirt!.fundraiserOrderItemOptions,
            { itemOptionId: 104, itemOptionTypeId: 0, name: 'Adult XL', price: 2400, qty: 0, imgUrl: null },
          ],
        },
        card!,
      ],
    };

    async function renderLoaded() {
      renderForm({ itemId: 0 }, twoSizes);
      // Everything the page fetches has arrived: the progress, and the bundles (none here).
      await screen.findByTestId('team-progress-text');
      await waitFor(() => expect(orderApi.bundlesForFundraiser).toHaveBeenCalled());
    }

    it('the item cards, below the first screen, render after the rest of the form has been committed', () => {
      const commits = commitsBy(() => renderForm({ itemId: 0 }, twoSizes));
      const top = commits.findIndex((names) => names.includes('StudentSection'));
      const cards = commits.findIndex((names) => names.includes('ItemCard'));
      expect(top).toBeGreaterThanOrEqual(0);
      expect(commits[top]).toEqual(expect.arrayContaining(['DonationTiers', 'ItemList', 'OrderTotal']));
      expect(commits[top]).not.toContain('ItemCard');
      expect(cards).toBeGreaterThan(top);
      expect(screen.getAllByRole('article')).toHaveLength(2);
    });

    it('a keystroke in a name: that field alone', async () => {
      await renderLoaded();
      const rendered = componentsRenderedBy(() =>
        fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'J' } }),
      );
      expect(rendered).toEqual(['FormField', 'StudentName']);
      expect(screen.getByLabelText('Student first name')).toHaveValue('J');
    });

    it("a quantity's +: that item's card, the row clicked and the total", async () => {
      await renderLoaded();
      const rendered = componentsRenderedBy(() =>
        fireEvent.click(screen.getByRole('button', { name: 'Add one Adult Medium' })),
      );
      // The card's own Show Selection button and (closed) image modal render with it.
      expect(rendered).toEqual(['Button', 'Button', 'ItemCard', 'Modal', 'OptionRow', 'OrderTotal']);
      expect(screen.getByRole('status', { name: 'Adult Medium quantity' })).toHaveTextContent('1');
      expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00');
    });

    it('a donation tier: the tiers and the total', async () => {
      await renderLoaded();
      const rendered = componentsRenderedBy(() => fireEvent.click(screen.getByRole('radio', { name: /Team Sponsor/ })));
      expect(rendered).toEqual(['Button', 'DonationTiers', 'OrderTotal']);
      expect(screen.getByTestId('order-total')).toHaveTextContent('$35.00');
    });

    it("while a submit's errors show, fixing a field re-renders the form, not the item cards", async () => {
      await renderLoaded();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      await screen.findByRole('alert');
      const rendered = componentsRenderedBy(() =>
        fireEvent.change(screen.getByLabelText('Student first name'), { target: { value: 'Jordan' } }),
      );
      expect(rendered).not.toContain('ItemCard');
      expect(rendered).not.toContain('OptionRow');
      expect(rendered).toContain('OrderForm');
      expect(screen.queryByText('Please enter a first name for the student.')).not.toBeInTheDocument();
    });
  });
});
