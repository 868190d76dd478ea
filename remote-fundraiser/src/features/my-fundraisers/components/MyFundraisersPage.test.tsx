import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { remindersApi } from '../../reminders';
import { myFundraisersApi } from '../api/myFundraisersApi';
import { MyFundraisersPage } from './MyFundraisersPage';

afterEach(() => jest.restoreAllMocks());

describe('MyFundraisersPage', () => {
  it('links every page of the phone and changes the reminders for all of them', async () => {
    jest.spyOn(myFundraisersApi, 'list').mockResolvedValue([
      {
        guid: 'g-1',
        fundraiserName: 'Fall Fundraiser',
        teamName: 'Football',
        schoolName: 'Lincoln',
        isActive: true,
        isOptedIn: true,
      },
      {
        guid: 'g-2',
        fundraiserName: 'Spring Drive',
        teamName: 'Band',
        schoolName: 'Lincoln',
        isActive: false,
        isOptedIn: true,
      },
    ]);
    jest.spyOn(remindersApi, 'deviceInfo').mockResolvedValue({
      guid: 'g-1',
      phone: '5125550100',
      isOptedIn: true,
      studentFirstName: 'J',
      studentLastName: 'R',
    });
    const setOptIn = jest
      .spyOn(remindersApi, 'setOptIn')
      .mockResolvedValue({ phone: '5125550100', isOptedIn: false, updated: 2 });
    render(
      <MemoryRouter initialEntries={['/Fundraisers/g-1']}>
        <Routes>
          <Route path="/Fundraisers/:fdid" element={<MyFundraisersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /Fall Fundraiser/ })).toHaveAttribute('href', '/Fundraiser/g-1');
    expect(screen.getByRole('link', { name: /Spring Drive.*ended/ })).toHaveAttribute('href', '/Fundraiser/g-2');
    expect(screen.getByTestId('reminders-state')).toHaveTextContent('On');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(setOptIn).toHaveBeenCalledWith('5125550100', false);
  });
});
