import { firstCalls, pageCallUrl } from '@fu/shared';
import { expectFirstCallsMade, fakeApi } from '@fu/shared/testing';
import { App } from './App';
import { pages } from './pages';
import { okStatus, testSession } from './testing/fixtures';

const server = fakeApi();

it.each(['/MyOffers/a1a1a1a1-0000-4000-8000-000000000001', '/myoffers/anything'])(
  '%s makes the first calls the server preloads for it, one after another',
  (path) => {
    const guid = path.split('/')[2]!;
    // The status lets the page ask for the session, whose answer lets it ask for the offers.
    return expectFirstCallsMade(server, pages, App, path, {
      [pageCallUrl(firstCalls.ticketSessionStatus(guid))]: okStatus,
      [pageCallUrl(firstCalls.ticketSession(guid))]: testSession({ guid }),
    });
  },
  20_000,
);
