import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type FundraiserProgress, type StudentProgress } from '@fu/shared';
import { deviceApi } from '../api/deviceApi';
import { testDevice } from '../testDevice';
import { FundraiserPage } from './FundraiserPage';

const GUID = '11111111-1111-4111-8111-111111111111';

const ownProgress: StudentProgress = { goalCents: 50000, raisedCents: 8600, rank: 2, studentCount: 4 };
const teamProgress: FundraiserProgress = {
  fundraiserId: 1,
  goalCents: 200000,
  goalPerStudentCents: 50000,
  raisedCents: 30800,
  studentCount: 4,
  leaderboard: [
    { rank: 1, name: 'Adam B.', raisedCents: 8600 },
    { rank: 1, name: 'Jordan R.', raisedCents: 8600 },
    { rank: 3, name: 'Jane D.', raisedCents: 3600 },
  ],
};

function renderPage(device = testDevice(), progress = { own: ownProgress, team: teamProgress }) {
  jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(device);
  jest.spyOn(deviceApi, 'progress').mockResolvedValue(progress.own);
  jest.spyOn(deviceApi, 'teamProgress').mockResolvedValue(progress.team);
  jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: `https://site.test/Order/${GUID}` });
  render(
    <MemoryRouter initialEntries={[`/Fundraiser/${GUID}`]}>
      <Routes>
        <Route path="/Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
        <Route path="/Order/:fdid/:cashcheck" element={<h1>Order page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('FundraiserPage', () => {
  it('shows the fundraiser, the student, orders with count and total, the ticket preview and the QR code', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Varsity Football Fall Fundraiser' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jordan Rivera')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Orders/ })).toHaveAttribute('href', `/FundraiserOrders/${GUID}`);
    expect(screen.getByTestId('orders-summary')).toHaveTextContent('2 · $86.00');
    const preview = screen.getByRole('link', { name: 'Digital Ticket Preview' });
    expect(preview).toHaveAttribute('href', '/MyOffers/22222222-2222-4222-8222-222222222222');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(screen.getByTitle(`QR code for https://site.test/Order/${GUID}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it("shows the student's own progress and rank, and the team leaderboard as an ordered list of ranks", async () => {
    renderPage();
    await screen.findByTestId('student-progress-text');
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(deviceApi.progress).toHaveBeenCalledWith(GUID);
    expect(deviceApi.teamProgress).toHaveBeenCalledWith(1);
    expect(bar).toHaveAttribute('aria-valuetext', '$86.00 raised of $500.00 goal');
    expect(screen.getByTestId('student-progress-text')).toHaveTextContent('$86.00 raised of $500.00 goal');
    expect(screen.getByTestId('student-rank')).toHaveTextContent('Rank 2 of 4 students');

    const board = screen.getByRole('region', { name: 'Team leaderboard' });
    expect(board).toHaveTextContent('Team: $308.00 raised of $2,000.00 goal');
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const entries = screen.getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Adam B.$86.00', 'Jordan R.$86.00', 'Jane D.$36.00']);
    // The list numbers are the ranks: a tie shows the same number.
    expect(entries.map((entry) => (entry as HTMLLIElement).value)).toEqual([1, 1, 3]);
  });

  it('an empty leaderboard invites the first sale', async () => {
    renderPage(testDevice(), { own: { ...ownProgress, raisedCents: 0 }, team: { ...teamProgress, leaderboard: [] } });
    expect(await screen.findByText('No paid orders yet. Share your page to be first on the board!')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('failed progress calls leave the progress out and the rest of the page as it was', async () => {
    renderPage();
    jest.spyOn(deviceApi, 'progress').mockRejectedValue(new Error('down'));
    jest.spyOn(deviceApi, 'teamProgress').mockRejectedValue(new Error('down'));
    expect(await screen.findByText('Jordan Rivera')).toBeInTheDocument();
    await waitFor(() => expect(deviceApi.teamProgress).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team leaderboard' })).not.toBeInTheDocument();
    expect(screen.getByTestId('orders-summary')).toHaveTextContent('2 · $86.00');
  });

  it('hides the ticket preview without a ticket and the cash/check button without a type-0 item', async () => {
    const device = testDevice();
    renderPage({
      ...device,
      fundraiser: {
        ...device.fundraiser,
        ticket: null,
        fundraiserItems: [
          {
            item: {
              itemId: 43,
              messageTextName: 'Digital Discount Card',
              itemsOptions: [{ itemOptionId: 431, itemOptionTypeId: 0, name: 'Card', price: 2500 }],
            },
          },
        ],
      },
    });
    await screen.findByText('Jordan Rivera');
    expect(screen.queryByRole('link', { name: 'Digital Ticket Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Order (Cash / Check)?' })).not.toBeInTheDocument();
  });

  it('creates a draft with NewOrderWithFDID and opens the order page in cash/check mode', async () => {
    const create = jest.spyOn(deviceApi, 'newCashCheckOrder').mockResolvedValue(77);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New Order (Cash / Check)?' }));
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(GUID);
  });

  it('counts a share and copies the social link where there is no share sheet', async () => {
    const count = jest.spyOn(deviceApi, 'countShare').mockResolvedValue(undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied. Paste it in a text or post.')).toBeInTheDocument();
    expect(count).toHaveBeenCalledWith(GUID);
    expect(writeText.mock.calls[0][0]).toMatch(
      /Our goal is \$500\..*\/Order\/Social\/33333333-3333-4333-8333-333333333333$/,
    );
  });
});
