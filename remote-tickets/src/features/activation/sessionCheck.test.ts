import { sessionCheckRedirect } from './sessionCheck';

const check = (parts: Partial<Parameters<typeof sessionCheckRedirect>[0]>) => ({
  success: true,
  redirect: '/MyOffers/x/',
  active: false,
  sample: false,
  deactivated: false,
  ...parts,
});

describe('session check on activate and register pages (spec §4)', () => {
  it('goes to the redirect when active on this device, or for the sample', () => {
    expect(sessionCheckRedirect(check({ active: true }))).toBe('/MyOffers/x/');
    expect(sessionCheckRedirect(check({ sample: true }))).toBe('/MyOffers/x/');
  });

  it('goes to the redirect when deactivated, whatever success says', () => {
    expect(sessionCheckRedirect(check({ success: false, deactivated: true }))).toBe('/MyOffers/x/');
  });

  it('shows the form otherwise', () => {
    expect(sessionCheckRedirect(check({}))).toBeNull();
    expect(sessionCheckRedirect(check({ active: true, redirect: null }))).toBeNull();
    expect(sessionCheckRedirect(check({ success: false, active: true }))).toBeNull();
  });
});
