import { matchPage } from '@fu/shared';
import { expectFirstCallsMade, fakeApi } from '@fu/shared/testing';
import { App } from './App';
import { pages } from './pages';

const server = fakeApi();

it.each(['/Fundraiser/11111111-1111-4111-8111-111111111111', '/fundraiser/anything'])(
  '%s makes the first calls the server preloads for it',
  async (path) => {
    expect(matchPage(pages, path)?.calls).toHaveLength(2);
    await expectFirstCallsMade(server, pages, App, path);
  },
  20_000,
);
