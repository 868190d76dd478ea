import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import {
  firstCalls,
  MemoryRouter,
  pageCallUrl,
  Route,
  Routes,
  ServedAnswersProvider,
  type ServedAnswers,
} from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { okStatus, SESSION, testOffer, testSession } from '../../../testing/fixtures';
import { OffersPage } from './OffersPage';

// Issue 33: the server reads the wallet's three first calls with the page's own cookies and renders
// it; the app starts from those answers. A refusal it does not trust: the page request may have
// lacked the device cookie the ticket calls have (one set before the offers page had it).

const server = fakeApi();

const answered = (status: unknown, session: unknown, offers: unknown): ServedAnswers => ({
  [pageCallUrl(firstCalls.ticketSessionStatus(SESSION))]: { status: 200, data: status },
  [pageCallUrl(firstCalls.ticketSession(SESSION))]: { status: 200, data: session },
  [pageCallUrl(firstCalls.ticketOffers(SESSION))]: { status: 200, data: offers },
});

function renderServed(answers: ServedAnswers) {
  render(
    <ServedAnswersProvider answers={answers}>
      <MemoryRouter initialEntries={[`/MyOffers/${SESSION}`]}>
        <Routes>
          <Route path="/MyOffers/:sessionGuid" element={<OffersPage />} />
          <Route path="/ReactivateTicket/:guid" element={<h1>Reactivate page</h1>} />
        </Routes>
      </MemoryRouter>
    </ServedAnswersProvider>,
  );
}

it("shows the holder's offers from the served answers at once, and asks the API for none of them", async () => {
  server.answerBy(() => [[], 200]);
  renderServed(answered(okStatus, testSession(), [testOffer()]));
  // The first render itself: no spinner between the served markup and the app's.
  expect(screen.getByText('Free small fries')).toBeInTheDocument();
  expect(screen.getByText(/Show an offer at the register/)).toBeInTheDocument();
  expect(document.querySelector('[data-spinner]')).toBeNull();
  // Past the effects (the saved redemptions are read): still no ticket call.
  await screen.findByText('Free small fries');
  expect(server.sent.map((config) => config.url).filter((url) => url?.includes('/Tickets/'))).toEqual([]);
});

it('asks again itself when the served status refuses this browser, and goes where its own answer says', async () => {
  const served = { success: false, sample: false, inactive: false, redirect: `/ReactivateTicket/${SESSION}` };
  server.answerBy((url) =>
    url.includes('CheckSessionStatus') ? [served] : url.includes('GetSession') ? [testSession()] : [[testOffer()]],
  );
  renderServed(answered(served, testSession({ phone: '(***) ***-0188', deviceBound: false }), [testOffer()]));
  expect(document.querySelector('[data-spinner]')).not.toBeNull();
  expect(screen.queryByText('Free small fries')).toBeNull();
  await screen.findByRole('heading', { name: 'Reactivate page' });
  expect(server.sent.map((config) => config.url)).toContainEqual(expect.stringContaining('CheckSessionStatus'));
});

it("asks again when the served status refuses but this browser's own call finds it the holder: its own offers, not the served ones", async () => {
  const refused = { success: false, sample: false, inactive: false, redirect: `/ReactivateTicket/${SESSION}` };
  server.answerBy((url) =>
    url.includes('CheckSessionStatus')
      ? [okStatus]
      : url.includes('GetSession')
        ? [testSession()]
        : [[testOffer({ vendorOffer: { ...testOffer().vendorOffer, name: 'Two for one shakes' } })]],
  );
  renderServed(answered(refused, testSession({ deviceBound: false }), [testOffer()]));
  expect(await screen.findByText('Two for one shakes')).toBeInTheDocument();
  expect(screen.queryByText('Free small fries')).toBeNull();
});
