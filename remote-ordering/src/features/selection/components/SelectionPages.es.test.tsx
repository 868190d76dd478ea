import { screen } from '@testing-library/react';
import { fundraiserLookups } from '@fu/shared';
import { SelectSchoolPage } from './SelectSchoolPage';
import { SelectStatePage } from './SelectStatePage';
import { SelectTeamPage } from './SelectTeamPage';
import { CATALOG_KEY, readableText, renderInSpanish } from '@fu/shared/testing';

// The state, school and group lists in Spanish (issue 35): every text of this remote comes from its catalog.

afterEach(() => jest.restoreAllMocks());

describe('the selection pages in Spanish', () => {
  it('the state list: its heading, the tab title and the list', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveStates').mockResolvedValue(['Ohio', 'Texas']);
    renderInSpanish('/', '/', <SelectStatePage mode="purchase" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Seleccione el estado de la recaudación de fondos' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Seleccione el estado de la recaudación de fondos');
    expect(await screen.findByRole('list', { name: 'Estados' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Texas' })).toHaveAttribute('href', '/SelectSchool/Texas/0/0');
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it('an empty state list leads to help', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveStates').mockResolvedValue([]);
    renderInSpanish('/', '/', <SelectStatePage mode="purchase" />);
    expect(await screen.findByText('En este momento no hay recaudaciones de fondos activas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Obtenga ayuda para encontrar su recaudación de fondos' })).toHaveAttribute(
      'href',
      '/Help',
    );
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it("the school list: its breadcrumb, heading and, empty, the state's name and the way back", async () => {
    jest.spyOn(fundraiserLookups, 'listActiveSchools').mockResolvedValue([]);
    renderInSpanish('/SelectSchool/Texas/0/0', '/SelectSchool/:location/:itemId/:phone', <SelectSchoolPage />);
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Seleccione la escuela de la recaudación de fondos' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('En este momento no hay recaudaciones de fondos activas en Texas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elija otro estado' })).toHaveAttribute('href', '/');
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });

  it('the group list: its heading, the list, and an empty one', async () => {
    jest.spyOn(fundraiserLookups, 'getSchool').mockResolvedValue({ name: 'Lincoln High', state: 'Texas' });
    const groups = jest
      .spyOn(fundraiserLookups, 'listActiveFundraisers')
      .mockResolvedValue([{ id: 1, teamName: 'Varsity Football' }]);
    const { unmount } = renderInSpanish(
      '/SelectTeam/3/0/0',
      '/SelectTeam/:schoolId/:itemId/:phone',
      <SelectTeamPage />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Seleccione el grupo' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Grupos' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Ruta de navegación' })).toBeInTheDocument();
    expect(readableText()).not.toMatch(CATALOG_KEY);
    unmount();

    groups.mockResolvedValue([]);
    renderInSpanish('/SelectTeam/3/0/0', '/SelectTeam/:schoolId/:itemId/:phone', <SelectTeamPage />);
    expect(await screen.findByText('En este momento esta escuela no tiene grupos activos.')).toBeInTheDocument();
    // Once the school has loaded, the way back is its state's school list.
    await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    expect(await screen.findByRole('link', { name: 'Elija otra escuela' })).toHaveAttribute(
      'href',
      '/SelectSchool/Texas/0/0',
    );
    expect(readableText()).not.toMatch(CATALOG_KEY);
  });
});
