import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type StudentProgress,
  type TeamStandings,
} from '@fu/shared';
import { remindersApi } from '../../reminders';
import { deviceApi } from '../api/deviceApi';
import { testDevice } from '../../../testing/testDevice';
import { FundraiserPage } from './FundraiserPage';

const GUID = '11111111-1111-4111-8111-111111111111';
const CONTACT_URL = 'https://site.test/Order/Contact/44444444-4444-4444-8444-444444444444';

const ownProgress: StudentProgress = {
  goalCents: 50000,
  raisedCents: 8600,
  cashCheckCents: 0,
  rank: 2,
  studentCount: 4,
};
const teamProgress: TeamStandings = {
  fundraiserId: 1,
  goalCents: 200000,
  goalPerStudentCents: 50000,
  raisedCents: 30800,
  cashCheckCents: 0,
  studentCount: 4,
  leaderboard: [
    { rank: 1, name: 'Adam B.', raisedCents: 8600 },
    { rank: 1, name: 'Jordan R.', raisedCents: 8600 },
    { rank: 3, name: 'Jane D.', raisedCents: 3600 },
  ],
};

/** Where the page is, and a Back button: proves the confirm code left the URL without a new history entry. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderPage(device = testDevice(), progress = { own: ownProgress, team: teamProgress }, search = '') {
  jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(device);
  jest.spyOn(deviceApi, 'progress').mockResolvedValue(progress.own);
  jest.spyOn(deviceApi, 'teamProgress').mockResolvedValue(progress.team);
  jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: CONTACT_URL });
  render(
    <MemoryRouter initialEntries={['/Before', `/Fundraiser/${GUID}${search}`]} initialIndex={1}>
      <Routes>
        <Route path="/Before" element={<h1>Before</h1>} />
        <Route path="/Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
        <Route path="/Order/:fdid/:cashcheck" element={<h1>Order page</h1>} />
      </Routes>
      <Address />
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
    expect(screen.getByTitle(`QR code for ${CONTACT_URL}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it("shows the student's own progress and rank, and the team leaderboard as an ordered list of ranks", async () => {
    renderPage();
    await screen.findByTestId('student-progress-text');
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(deviceApi.progress).toHaveBeenCalledWith(GUID);
    // The leaderboard names students: it comes with the page's guid (Students/GetTeamProgress).
    expect(deviceApi.teamProgress).toHaveBeenCalledWith(GUID);
    expect(bar).toHaveAttribute('aria-valuetext', '$86.00 raised of $500.00 goal');
    expect(screen.getByTestId('student-progress-text')).toHaveTextContent('$86.00 raised of $500.00 goal');
    expect(screen.getByTestId('student-rank')).toHaveTextContent('Rank 2 of 4 students');

    // The team's board is its own load: it may show a render after the student's progress.
    const board = await screen.findByRole('region', { name: 'Team leaderboard' });
    expect(board).toHaveTextContent('Team: $308.00 raised of $2,000.00 goal');
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const entries = screen.getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Adam B.$86.00', 'Jordan R.$86.00', 'Jane D.$36.00']);
    // The list numbers are the ranks: a tie shows the same number.
    expect(entries.map((entry) => (entry as HTMLLIElement).value)).toEqual([1, 1, 3]);
  });

  it('labels the part raised in cash or checks on the student line and the team line', async () => {
    renderPage(testDevice(), {
      own: { ...ownProgress, cashCheckCents: 1800 },
      team: { ...teamProgress, cashCheckCents: 5400 },
    });
    expect(await screen.findByTestId('student-progress-text')).toHaveTextContent(
      '$86.00 raised of $500.00 goal, $18.00 of it in cash or checks',
    );
    expect(screen.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute(
      'aria-valuetext',
      '$86.00 raised of $500.00 goal, $18.00 of it in cash or checks',
    );
    expect(await screen.findByTestId('team-raised')).toHaveTextContent(
      'Team: $308.00 raised of $2,000.00 goal, $54.00 of it in cash or checks',
    );
  });

  it('an empty leaderboard invites the first sale', async () => {
    renderPage(testDevice(), { own: { ...ownProgress, raisedCents: 0 }, team: { ...teamProgress, leaderboard: [] } });
    expect(await screen.findByText('No paid orders yet. Share your page to be first on the board!')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('privacy mode (issue 34): the heading gives the first name only, and the team shows no leaderboard', async () => {
    const device = testDevice();
    renderPage(
      { ...device, fundraiser: { ...device.fundraiser, privacyMode: true } },
      // Even an answer that held names (an older server) is not shown as a leaderboard.
      { own: ownProgress, team: { ...teamProgress, privacyMode: true } },
    );
    const team = await screen.findByRole('region', { name: 'Team progress' });
    expect(within(team).getByTestId('team-raised')).toHaveTextContent('Team: $308.00 raised of $2,000.00 goal');
    expect(screen.getByText('Jordan', { selector: '.fp-student-name' })).toBeInTheDocument();
    expect(screen.queryByText(/Rivera/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team leaderboard' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Adam B\.|Jane D\.|Jordan R\./)).not.toBeInTheDocument();
  });

  it('failed progress calls leave the progress out and the rest of the page as it was', async () => {
    renderPage();
    jest.spyOn(deviceApi, 'progress').mockRejectedValue(new Error('down'));
    jest.spyOn(deviceApi, 'teamProgress').mockRejectedValue(new Error('down'));
    expect(await screen.findByText('Jordan Rivera')).toBeInTheDocument();
    await waitFor(() => expect(deviceApi.teamProgress).toHaveBeenCalled());
    // The placeholder bar goes once the student's progress call has failed.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
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

  it('without a confirm code in the address there is no confirmation panel', async () => {
    renderPage();
    await screen.findByText('Jordan Rivera');
    expect(screen.queryByRole('region', { name: 'Confirm your phone' })).not.toBeInTheDocument();
  });
});

describe('FundraiserPage: the texted confirmation link (?confirm=CODE)', () => {
  const CONFIRMED = 'Your phone is confirmed. Text reminders will come to it.';

  it('asks for a tap, posts the code only on Confirm, then shows the answer and drops the code from the address', async () => {
    const confirm = jest.spyOn(remindersApi, 'confirmPhone').mockResolvedValue({ message: CONFIRMED });
    renderPage(testDevice({ isOptedIn: true, phoneConfirmed: false }), undefined, '?confirm=c0de42');
    const panel = await screen.findByRole('region', { name: 'Confirm your phone' });
    expect(panel).toHaveTextContent('(512) 555-0100');
    // SMS apps open links to draw previews: loading the page confirms nothing.
    await screen.findByTestId('student-progress-text');
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('reminders-pending')).toHaveTextContent(
      'Open the link we texted to your phone to start them.',
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(CONFIRMED);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(GUID, 'c0de42');
    expect(within(panel).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    // The reminders card knows the phone is confirmed now.
    expect(screen.queryByTestId('reminders-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('Text reminders are on.');
    // The code left the address in place of the entry, not as a new one: Back leaves the page.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`/Fundraiser/${GUID}`));
    expect(within(panel).getByRole('status')).toHaveTextContent(CONFIRMED);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Before' })).toBeInTheDocument();
  });

  it("shows the server's message as an alert when the code is wrong, used or expired, and keeps it", async () => {
    const used = 'This confirmation link has already been used or replaced by a newer one.';
    const conflict = new AxiosError('Conflict', '409', undefined, undefined, {
      status: 409,
      data: { message: used },
    } as AxiosResponse);
    jest.spyOn(remindersApi, 'confirmPhone').mockRejectedValue(conflict);
    renderPage(testDevice({ isOptedIn: true, phoneConfirmed: false }), undefined, '?confirm=old');
    const panel = await screen.findByRole('region', { name: 'Confirm your phone' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(used);
    expect(within(panel).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByTestId('reminders-pending')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(`/Fundraiser/${GUID}?confirm=old`);
  });

  it('an unknown page: the message and the way to the start page', async () => {
    const notFound = new AxiosError('Not Found', '404', undefined, undefined, {
      status: 404,
      data: { message: 'Fundraiser not found.' },
    } as AxiosResponse);
    jest.spyOn(deviceApi, 'myFundraiser').mockRejectedValue(notFound);
    jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: CONTACT_URL });
    render(
      <MemoryRouter initialEntries={[`/Fundraiser/${GUID}`]}>
        <Routes>
          <Route path="/Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Fundraiser not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});
