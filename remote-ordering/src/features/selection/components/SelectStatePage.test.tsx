import { render, screen } from '@testing-library/react';
import { fundraiserLookups, MemoryRouter, Route, Routes } from '@fu/shared';
import { SelectStatePage } from './SelectStatePage';
import { SelectTeamPage } from './SelectTeamPage';
import { SelectSchoolPage } from './SelectSchoolPage';

afterEach(() => jest.restoreAllMocks());

describe('SelectStatePage', () => {
  it('lists the states from the API, each linking to its schools in donate mode', async () => {
    const listStates = jest.spyOn(fundraiserLookups, 'listActiveStates').mockResolvedValue(['Ohio', 'Texas']);
    render(
      <MemoryRouter initialEntries={['/Donate']}>
        <Routes>
          <Route path="/Donate" element={<SelectStatePage mode="donate" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: "Select Fundraiser's State" })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Texas' })).toHaveAttribute('href', '/SelectSchool/Texas/-1/0');
    expect(listStates).toHaveBeenCalledWith(-1);
  });

  it('carries the purchase item id and phone from the route', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveStates').mockResolvedValue(['Georgia']);
    render(
      <MemoryRouter initialEntries={['/Purchase/9/5551234567']}>
        <Routes>
          <Route path="/Purchase/:pItemId/:pPhone" element={<SelectStatePage mode="purchase" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Georgia' })).toHaveAttribute(
      'href',
      '/SelectSchool/Georgia/9/5551234567',
    );
  });

  it('says so when the lookup fails', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveStates').mockRejectedValue(new Error('boom'));
    render(
      <MemoryRouter>
        <SelectStatePage mode="purchase" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('SelectTeamPage', () => {
  it('shows the school breadcrumb and links each group to its order page', async () => {
    jest.spyOn(fundraiserLookups, 'getSchool').mockResolvedValue({ name: 'Lincoln High', state: 'Texas' });
    jest.spyOn(fundraiserLookups, 'listActiveFundraisers').mockResolvedValue([{ id: 1, teamName: 'Varsity Football' }]);
    render(
      <MemoryRouter initialEntries={['/SelectTeam/3/0/0']}>
        <Routes>
          <Route path="/SelectTeam/:schoolId/:itemId/:phone" element={<SelectTeamPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Select Group' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Varsity Football' })).toHaveAttribute('href', '/Order/1/0/0');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Texas');
    expect(breadcrumb).toHaveTextContent('Lincoln High');
  });

  it('an empty list says so and leads back to the schools of its state', async () => {
    jest.spyOn(fundraiserLookups, 'getSchool').mockResolvedValue({ name: 'Lincoln High', state: 'Texas' });
    jest.spyOn(fundraiserLookups, 'listActiveFundraisers').mockResolvedValue([]);
    render(
      <MemoryRouter initialEntries={['/SelectTeam/3/-1/0']}>
        <Routes>
          <Route path="/SelectTeam/:schoolId/:itemId/:phone" element={<SelectTeamPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('This school has no active groups right now.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Choose another school' })).toHaveAttribute(
      'href',
      '/SelectSchool/Texas/-1/0',
    );
  });
});

describe('SelectSchoolPage', () => {
  it('an empty list says so and leads back to the states, in the same mode', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveSchools').mockResolvedValue([]);
    render(
      <MemoryRouter initialEntries={['/SelectSchool/Ohio/-1/0']}>
        <Routes>
          <Route path="/SelectSchool/:location/:itemId/:phone" element={<SelectSchoolPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('There are no active fundraisers in Ohio right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another state' })).toHaveAttribute('href', '/Donate');
  });
});

describe('SelectStatePage, empty', () => {
  it('says there are none and offers help', async () => {
    jest.spyOn(fundraiserLookups, 'listActiveStates').mockResolvedValue([]);
    render(
      <MemoryRouter>
        <SelectStatePage mode="purchase" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('There are no active fundraisers right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get help finding your fundraiser' })).toHaveAttribute('href', '/Help');
  });
});
