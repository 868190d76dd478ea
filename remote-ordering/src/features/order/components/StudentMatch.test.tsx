import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type FundraiserProgress } from '@fu/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import { orderApi } from '../api/orderApi';
import type { OrderFormMode } from '../orderMode';
import { testOrder } from '../testOrder';
import { OrderForm } from './OrderForm';

// Issue 31: on the team's order page the typed student name is checked against the team when the
// supporter leaves a name field, and the page says whom the order will count for before paying.

const progress: FundraiserProgress = {
  fundraiserId: 1,
  goalCents: 100000,
  goalPerStudentCents: 50000,
  raisedCents: 0,
  cashCheckCents: 0,
  studentCount: 1,
};

beforeEach(() => {
  jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([]);
  jest.spyOn(orderApi, 'progress').mockResolvedValue(progress);
});
afterEach(() => jest.restoreAllMocks());

function renderForm(order = testOrder, mode: OrderFormMode = { itemId: 0 }) {
  return render(
    <MemoryRouter initialEntries={['/Order/1/0/0']}>
      <Routes>
        <Route path="/Order/1/0/0" element={<OrderForm order={order} mode={mode} />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Types a name as a supporter does, leaving the last name field at the end. */
function typeName(first: string, last: string) {
  const firstField = screen.getByLabelText('Student first name');
  const lastField = screen.getByLabelText('Student last name');
  fireEvent.change(firstField, { target: { value: first } });
  fireEvent.blur(firstField);
  fireEvent.change(lastField, { target: { value: last } });
  fireEvent.blur(lastField);
}

const status = () => screen.getByTestId('student-match');

describe('the order page says whom a directory order counts for (issue 31)', () => {
  it('one student of that name: "Supporting Jordan R.", asked once both names are there', async () => {
    const match = jest.spyOn(orderApi, 'matchStudent').mockResolvedValue({ match: 'one', displayName: 'Jordan R.' });
    renderForm();
    // A blank or half name is no name to check.
    typeName('jordan', '  ');
    expect(match).not.toHaveBeenCalled();
    typeName('jordan', ' rivera ');
    await waitFor(() => expect(status()).toHaveTextContent('Supporting Jordan R.'));
    expect(status()).toHaveAttribute('role', 'status');
    expect(match).toHaveBeenCalledTimes(1);
    expect(match).toHaveBeenCalledWith(1, 'jordan', 'rivera');
  });

  it('no single student: plainly, the order counts for the team and the coach sees the name typed', async () => {
    jest.spyOn(orderApi, 'matchStudent').mockResolvedValue({ match: 'none' });
    renderForm();
    typeName('sam', 'nobody');
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'We could not match “Sam Nobody” to a single student on this team, so this order will count for the team. ' +
          'The coach will see the name you typed.',
      ),
    );
  });

  it('a changed name hides the answer until it is checked; the same name in other letters is not asked again', async () => {
    const match = jest
      .spyOn(orderApi, 'matchStudent')
      .mockResolvedValueOnce({ match: 'one', displayName: 'Jordan R.' })
      .mockResolvedValueOnce({ match: 'none' });
    renderForm();
    typeName('Jordan', 'Rivera');
    await waitFor(() => expect(status()).toHaveTextContent('Supporting Jordan R.'));
    fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'Riv' } });
    expect(status()).toBeEmptyDOMElement();
    fireEvent.change(screen.getByLabelText('Student last name'), { target: { value: 'RIVERA' } });
    fireEvent.blur(screen.getByLabelText('Student last name'));
    expect(status()).toHaveTextContent('Supporting Jordan R.');
    expect(match).toHaveBeenCalledTimes(1);
    typeName('Jordan', 'Riviera');
    await waitFor(() => expect(status()).toHaveTextContent(/count for the team/));
    expect(match).toHaveBeenCalledTimes(2);
  });

  it('a refused check (the budget spent) shows nothing, and the next leave asks again', async () => {
    const tooMany = new AxiosError('Too Many Requests', '429', undefined, undefined, {
      status: 429,
      data: { message: 'Too many requests. Please wait 30 seconds and try again.' },
    } as AxiosResponse);
    const match = jest
      .spyOn(orderApi, 'matchStudent')
      .mockRejectedValueOnce(tooMany)
      .mockResolvedValueOnce({ match: 'one', displayName: 'Jordan R.' });
    renderForm();
    typeName('Jordan', 'Rivera');
    await waitFor(() => expect(match).toHaveBeenCalledTimes(1));
    expect(status()).toBeEmptyDOMElement();
    fireEvent.blur(screen.getByLabelText('Student last name'));
    await waitFor(() => expect(status()).toHaveTextContent('Supporting Jordan R.'));
  });

  it("only the team's page checks: a student's own link names its student, with no check and no words", async () => {
    const match = jest.spyOn(orderApi, 'matchStudent').mockResolvedValue({ match: 'none' });
    const contactLink = renderForm({ ...testOrder, contactGuid: '66666666-6666-4666-8666-666666666666' });
    typeName('Sam', 'Nobody');
    expect(screen.queryByTestId('student-match')).not.toBeInTheDocument();
    contactLink.unmount();
    const studentPage = renderForm(testOrder, {
      itemId: 0,
      fundraiserDeviceGuid: '11111111-1111-4111-8111-111111111111',
    });
    typeName('Sam', 'Nobody');
    expect(screen.queryByTestId('student-match')).not.toBeInTheDocument();
    studentPage.unmount();
    expect(match).not.toHaveBeenCalled();
    // The team's page, the same name: checked.
    renderForm();
    typeName('Sam', 'Nobody');
    await waitFor(() => expect(status()).toHaveTextContent(/count for the team/));
    expect(match).toHaveBeenCalledTimes(1);
  });
});
