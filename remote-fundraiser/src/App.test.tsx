import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@fu/shared';
import { App } from './App';
import { deviceApi } from './features/device-page';
import { myFundraisersApi } from './features/my-fundraisers';
import { ordersApi } from './features/orders';
import { remindersApi } from './features/reminders';
import { testDevice } from './testing/testDevice';

const GUID = '11111111-1111-4111-8111-111111111111';

beforeEach(() => {
  jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(testDevice());
  jest
    .spyOn(deviceApi, 'qrCode')
    .mockResolvedValue({ url: 'https://site.test/Order/Contact/44444444-4444-4444-8444-444444444444' });
  jest
    .spyOn(deviceApi, 'progress')
    .mockResolvedValue({ goalCents: 50000, raisedCents: 0, cashCheckCents: 0, rank: 1, studentCount: 1 });
  jest.spyOn(deviceApi, 'teamProgress').mockResolvedValue({
    fundraiserId: 1,
    goalCents: 50000,
    goalPerStudentCents: 50000,
    raisedCents: 0,
    cashCheckCents: 0,
    studentCount: 1,
    leaderboard: [],
  });
  jest.spyOn(ordersApi, 'list').mockResolvedValue([]);
  jest.spyOn(myFundraisersApi, 'list').mockResolvedValue([]);
  jest.spyOn(remindersApi, 'deviceInfo').mockResolvedValue({
    guid: GUID,
    phone: '5125550100',
    isOptedIn: true,
    phoneConfirmed: true,
    phoneConfirmedHere: true,
    studentFirstName: 'J',
    studentLastName: 'R',
  });
});
afterEach(() => jest.restoreAllMocks());

describe('remote-fundraiser routes', () => {
  it.each([
    [`/Fundraiser/${GUID}`, 'Varsity Football Fall Fundraiser'],
    [`/FundraiserOrders/${GUID}`, 'Orders'],
    [`/Fundraisers/${GUID}`, 'My Fundraisers'],
  ])('%s shows %s', async (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
