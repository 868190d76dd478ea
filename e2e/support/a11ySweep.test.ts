import { describe, expect, it } from '@jest/globals';
import { remotes } from '@fu/shared/remotes';
import { shellRoutes } from '../../shell/src/routing/shellRoutes';
import { journeys, pages, routeMatches, sweptRoutes } from './a11ySweep';

// The accessibility sweep covers every declared route (docs/accessibility.md): each route of a
// remote's page table (`<folder>/src/pages.tsx`, for every remote of shared/src/remotes.json) and
// each of the shell's own has a row in support/a11ySweep.ts, and each row names a declared route.
// A jest test, not a browser one: it reads the tables, so it fails in seconds, naming the route.

/** A remote's page table, as its `src/pages.tsx` exports it (only the paths matter here). */
async function pageTable(folder: string): Promise<readonly { path: string }[]> {
  const module = (await import(`../../${folder}/src/pages`)) as { pages: readonly { path: string }[] };
  return module.pages;
}

/** The declared routes with no row in the sweep, in the order declared. */
const unswept = (declared: readonly string[], swept: ReadonlySet<string>) =>
  declared.filter((route) => !swept.has(route));

/** Fails with a sentence naming the routes, which is what the person who added one needs to read. */
function expectSwept(where: string, declared: readonly string[]) {
  const missing = unswept(declared, sweptRoutes());
  if (missing.length) {
    throw new Error(
      `${where} declares ${missing.join(', ')} with no axe sweep: add a row per state worth seeing to ` +
        'e2e/support/a11ySweep.ts (pages, or a journey), naming the route as declared.',
    );
  }
}

const shellPaths: readonly string[] = Object.values(shellRoutes);

describe('the accessibility sweep covers every declared route', () => {
  it.each(remotes.map((remote) => [remote.name, remote.folder] as const))(
    "every page of the %s remote's table has a row",
    async (_name, folder) => {
      const paths = (await pageTable(folder)).map((page) => page.path);
      expect(paths.length).toBeGreaterThan(0);
      expectSwept(`${folder}/src/pages.tsx`, paths);
    },
    60_000,
  );

  it("every route of the shell's own has a row", () => {
    expectSwept('shell/src/routing/shellRoutes.ts', shellPaths);
  });

  it("every path prefix of shared/src/remotes.json has a row under it, so a remote's new prefix comes with its page", () => {
    const firstSegments = new Set([...sweptRoutes()].map((route) => route.split('/')[1]?.toLowerCase()));
    const missing = remotes.flatMap((remote) =>
      remote.routes.filter((prefix) => !firstSegments.has(prefix.split('/')[1]!.toLowerCase())),
    );
    expect(missing).toEqual([]);
  });

  it('every row names a declared route, so a renamed or removed route leaves no row behind', async () => {
    const declared = new Set(shellPaths);
    for (const remote of remotes) for (const page of await pageTable(remote.folder)) declared.add(page.path);
    expect([...sweptRoutes()].filter((route) => !declared.has(route))).toEqual([]);
  }, 60_000);

  it('names a route a table declares with no row (a page added without a sweep)', () => {
    const declared = ['/', ...pages.map((row) => row.route), '/Raffle/:raffleId', '/MyOffers/:sessionGuid/Prizes'];
    expect(unswept(declared, sweptRoutes())).toEqual(['/Raffle/:raffleId', '/MyOffers/:sessionGuid/Prizes']);
    expect(() => expectSwept('remote-tickets/src/pages.tsx', declared)).toThrow(
      'remote-tickets/src/pages.tsx declares /Raffle/:raffleId, /MyOffers/:sessionGuid/Prizes with no axe sweep',
    );
  });

  it("counts a journey's routes as swept", () => {
    expect(journeys.length).toBeGreaterThan(0);
    for (const journey of journeys) for (const route of journey.routes) expect(sweptRoutes().has(route)).toBe(true);
  });
});

describe('a row matches the page it checks (the spec asserts it on every page)', () => {
  it.each([
    ['/', '/'],
    ['/Order/:fdid', '/order/11111111-1111-4111-8111-111111111111'],
    ['/Order/:fundraiserId/:itemId/:phone', '/Order/1/-2/0'],
    ['/ActivateTicket/:guid/Confirmation/:phoneNumber?', '/ActivateTicket/abc/Confirmation'],
    ['/ActivateTicket/:guid/Confirmation/:phoneNumber?', '/ActivateTicket/abc/Confirmation/5125550199'],
    ['/MyTeam/:guid', '/MyTeam/abc/'],
    ['/Admin/*', '/Admin/Nope'],
    ['*', '/no-such-page'],
  ])('%s matches %s', (route, pathname) => expect(routeMatches(route, pathname)).toBe(true));

  it.each([
    ['/', '/Help'],
    ['/Order/:fdid', '/Order/1/0/0'],
    ['/Order/:fdid/:cashcheck', '/Order/abc'],
    ['/MyOffers/:sessionGuid', '/MyOffers/abc/History'],
    ['/Receipt/:orderId', '/Receipts'],
  ])('%s does not match %s', (route, pathname) => expect(routeMatches(route, pathname)).toBe(false));
});
