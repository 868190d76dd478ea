import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation, useNavigate, useServedAnswer, type PageCall } from '@fu/shared';
import { FirstLocationAnswers } from './FirstLocationAnswers';

const CALL: PageCall = { route: 'GET /api/Fundraisers/ListActiveStates', query: { itemId: 0 } };
const ANSWERS = { '/api/Fundraisers/ListActiveStates?itemId=0': { status: 200, data: ['Texas'] } };

let navigate: ReturnType<typeof useNavigate>;
function Page() {
  navigate = useNavigate();
  const { pathname } = useLocation();
  const served = useServedAnswer<string[]>(CALL);
  return <p>{`${pathname}: ${served?.status === 'success' ? served.data.join(', ') : 'no answer'}`}</p>;
}

function renderLoaded() {
  render(
    <BrowserRouter>
      <FirstLocationAnswers answers={ANSWERS}>
        <Page />
      </FirstLocationAnswers>
    </BrowserRouter>,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

it('gives the page the answers on the location it loaded', () => {
  renderLoaded();
  expect(screen.getByText('/: Texas')).toBeInTheDocument();
});

it('gives them on a page reloaded on a history entry the app made (its key is not "default")', () => {
  // What a reload after a followed link or a replaced query finds: an entry with React Router's state.
  window.history.replaceState({ usr: null, key: 'k1s2e3y', idx: 1 }, '', '/');
  renderLoaded();
  expect(screen.getByText('/: Texas')).toBeInTheDocument();
});

it('gives none once the browser has left that location, even back on it', async () => {
  renderLoaded();
  act(() => navigate('/Help'));
  expect(screen.getByText('/Help: no answer')).toBeInTheDocument();
  act(() => navigate(-1));
  expect(await screen.findByText('/: no answer')).toBeInTheDocument();
});
