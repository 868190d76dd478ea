import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import { teamAdminApi } from '../api/teamAdminApi';
import { TeamEditPage } from './TeamEditPage';

const team = {
  id: 1,
  name: 'Varsity Football',
  primaryColorHex: '112D48',
  secondaryColorHex: null,
  photoUrl: 'https://cdn.example.test/logo.png',
  useBackgroundPhoto: false,
  backgroundPhotoUrl: null,
  link1Url: 'https://example.test/1',
  link1Name: 'Team site',
  link2Url: 'https://example.test/2',
  link2Name: 'Schedule',
  link3Url: 'https://example.test/3',
  link3Name: 'Roster',
};

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/Team/1']}>
      <Routes>
        <Route path="/Team/:ticketId" element={<TeamEditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function openWithToken() {
  fireEvent.change(screen.getByLabelText(/Admin token/), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Open team' }));
  return screen.findByLabelText('Team name');
}

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('TeamEditPage', () => {
  it('says why when the token is refused', async () => {
    const refused = new AxiosError('401', '401', undefined, undefined, {
      status: 401,
      data: { message: 'Unauthorized' },
    } as AxiosResponse);
    jest.spyOn(teamAdminApi, 'team').mockRejectedValue(refused);
    renderPage();
    fireEvent.change(screen.getByLabelText(/Admin token/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized');
  });

  it('shows the spec messages, then saves with the token', async () => {
    const load = jest.spyOn(teamAdminApi, 'team').mockResolvedValue(team);
    const save = jest.spyOn(teamAdminApi, 'save').mockResolvedValue({ ...team, link2Url: 'https://example.test/new' });
    renderPage();
    await openWithToken();
    expect(load).toHaveBeenCalledWith('secret', 1);
    fireEvent.change(screen.getByLabelText('Photo url'), { target: { value: 'not a url' } });
    fireEvent.change(screen.getByLabelText('Link 2'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Valid url is required.');
    expect(summary).toHaveTextContent('Valid link2 is required.');
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Photo url'), { target: { value: 'https://cdn.example.test/new.png' } });
    fireEvent.change(screen.getByLabelText('Link 2'), { target: { value: 'https://example.test/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team saved.')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(
      'secret',
      expect.objectContaining({
        id: 1,
        photoUrl: 'https://cdn.example.test/new.png',
        link2Url: 'https://example.test/new',
        link2Name: 'Schedule',
      }),
    );
  });

  it('refuses a file that is not a png or jpeg', async () => {
    jest.spyOn(teamAdminApi, 'team').mockResolvedValue(team);
    const upload = jest.spyOn(teamAdminApi, 'upload');
    renderPage();
    await openWithToken();
    fireEvent.change(screen.getByLabelText('Photo file'), {
      target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Valid png or jpeg required.');
    expect(upload).not.toHaveBeenCalled();
  });
});
