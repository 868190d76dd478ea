import { expectFirstCallsMade, fakeApi } from '@fu/shared/testing';
import { App } from './App';
import { pages } from './pages';

const server = fakeApi();

it.each(['/MyOffers/a1a1a1a1-0000-4000-8000-000000000001', '/myoffers/anything'])(
  '%s makes the first call the server preloads for it',
  (path) => expectFirstCallsMade(server, pages, App, path),
  20_000,
);
