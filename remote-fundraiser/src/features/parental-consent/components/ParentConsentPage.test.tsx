import { fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes, type ParentConsentView } from '@fu/shared';
import { parentalConsentApi } from '../api/parentalConsentApi';
import { ParentConsentPage } from './ParentConsentPage';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const view: ParentConsentView = {
  studentFirstName: 'Mia',
  studentLastName: 'O.',
  fundraiserName: 'Varsity Football Fall Fundraiser',
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  parentPhone: '5125550199',
  pagePhone: '***-***-0142',
  ordersSoFar: 2,
  expiresAt: '2027-01-12T16:00:00.000Z',
};
const refused = (status: number, message: string) =>
  new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: { message },
  } as AxiosResponse);

function renderPage() {
  render(
    <MemoryRouter initialEntries={[`/ParentConsent/${TOKEN}`]}>
      <Routes>
        <Route path="/ParentConsent/:token" element={<ParentConsentPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ParentConsentPage (issue 34, COPPA)', () => {
  it('shows the parent what is kept and what texts they get, and confirms only on Confirm', async () => {
    jest.spyOn(parentalConsentApi, 'view').mockResolvedValue(view);
    const confirm = jest
      .spyOn(parentalConsentApi, 'confirm')
      .mockResolvedValue({ message: "Thank you. Mia's page is confirmed, and its texts will come to this phone." });
    renderPage();
    expect(
      await screen.findByText(/Mia O\. wants a student page for Varsity Football Fall Fundraiser/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: "Confirm your child's fundraising page" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeInTheDocument();
    expect(screen.getByText(/Your mobile number, \(512\) 555-0199, and when you agreed/)).toBeInTheDocument();
    // Which number the page was made with (masked) and its orders so far: a parent can tell a page
    // their child made with someone else's number.
    expect(screen.getByText(/the mobile number the page was made with \(\*\*\*-\*\*\*-0142\)/)).toBeInTheDocument();
    expect(screen.getByText(/with the supporters' names and phones \(2 so far\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Texts you will get' })).toBeInTheDocument();
    // Opening the link (an SMS app's preview too) confirms nothing.
    expect(confirm).not.toHaveBeenCalled();
    expect(parentalConsentApi.view).toHaveBeenCalledWith(TOKEN);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent("Mia's page is confirmed");
    expect(confirm).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('says why a used or expired link cannot be used, with the way back', async () => {
    jest.spyOn(parentalConsentApi, 'view').mockRejectedValue(refused(410, 'This link has expired.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeInTheDocument();
  });

  it('a failed confirmation keeps the button and says why', async () => {
    jest.spyOn(parentalConsentApi, 'view').mockResolvedValue(view);
    jest.spyOn(parentalConsentApi, 'confirm').mockRejectedValue(refused(409, 'This link has already been used.'));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });
});
