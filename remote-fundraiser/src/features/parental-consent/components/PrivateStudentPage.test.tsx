import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes, type FundraiserDevice, type PagePrivacy } from '@fu/shared';
import { deviceApi, FundraiserPage } from '../../device-page';
import { testDevice } from '../../../testing/testDevice';
import { parentalConsentApi } from '../api/parentalConsentApi';
import { PrivateStudentPage } from './PrivateStudentPage';

const GUID = '11111111-1111-4111-8111-111111111111';
const privacy = (studentIs13OrOlder: boolean | null): PagePrivacy => ({
  studentIs13OrOlder,
  parentConfirmed: false,
  isPrivate: true,
  textsPhone: null,
});
const privateDevice = (studentIs13OrOlder: boolean | null): FundraiserDevice =>
  testDevice({ socialGuid: null, privacy: privacy(studentIs13OrOlder) });

/** The refusal the API gives, as the shared client rejects with it. */
const refused = (status: number, message: string) =>
  new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: { message },
  } as AxiosResponse);

afterEach(() => jest.restoreAllMocks());

describe('PrivateStudentPage (issue 34, COPPA)', () => {
  it('unanswered: asks "Is the student 13 or older?" first, and records the answer once', async () => {
    const answered = jest.fn();
    const answerAge = jest.spyOn(parentalConsentApi, 'answerAge').mockResolvedValue(privacy(false));
    render(<PrivateStudentPage device={privateDevice(null)} onPrivacyChanged={answered} />);
    expect(screen.getByRole('heading', { name: 'Is the student 13 or older?' })).toBeInTheDocument();
    expect(screen.queryByLabelText("Parent's mobile number")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(answered).toHaveBeenCalledWith(privacy(false)));
    expect(answerAge).toHaveBeenCalledWith(GUID, false);
  });

  it("under 13: asks for a parent's mobile number and texts it a link; the server's refusal shows at the field", async () => {
    const request = jest
      .spyOn(parentalConsentApi, 'requestConsent')
      .mockRejectedValueOnce(
        refused(400, "Please enter a parent's mobile number, not the number this page was made with."),
      )
      .mockResolvedValueOnce({
        message: 'We texted a link to (512) 555-0199. The parent opens it on that phone and taps Confirm.',
      });
    render(<PrivateStudentPage device={privateDevice(false)} onPrivacyChanged={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'A parent needs to confirm this page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();

    const field = screen.getByLabelText("Parent's mobile number");
    fireEvent.change(field, { target: { value: '5125550100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text the parent a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Please enter a parent's mobile number");
    expect(field).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(field, { target: { value: '(512) 555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text the parent a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We texted a link to (512) 555-0199.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(request.mock.calls).toEqual([
      [GUID, '5125550100'],
      [GUID, '(512) 555-0199'],
    ]);
  });
});

describe('FundraiserPage switches to the private page', () => {
  function renderPage(device: FundraiserDevice) {
    jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(device);
    jest.spyOn(deviceApi, 'qrCode').mockRejectedValue(refused(403, 'This page is private until a parent confirms it.'));
    jest.spyOn(deviceApi, 'progress').mockResolvedValue({
      goalCents: 50000,
      raisedCents: 0,
      cashCheckCents: 0,
      rank: 1,
      studentCount: 1,
    });
    render(
      <MemoryRouter initialEntries={[`/Fundraiser/${GUID}`]}>
        <Routes>
          <Route path="/Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('a private page shows no share button, QR code, reminders, orders or sales', async () => {
    renderPage(privateDevice(false));
    expect(await screen.findByRole('heading', { name: 'A parent needs to confirm this page' })).toBeInTheDocument();
    expect(screen.getByText('Jordan Rivera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByTitle(/QR code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Orders/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('answered "Yes": the page reads itself again and opens fully', async () => {
    const older = testDevice();
    jest.spyOn(parentalConsentApi, 'answerAge').mockResolvedValue(older.privacy);
    renderPage(privateDevice(null));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    // The second read finds the page public, with its QR code.
    jest.spyOn(deviceApi, 'myFundraiser').mockResolvedValue(older);
    jest.spyOn(deviceApi, 'qrCode').mockResolvedValue({ url: 'https://site.test/Order/Contact/x' });
    jest.spyOn(deviceApi, 'teamProgress').mockRejectedValue(new Error('not needed'));
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByTitle('QR code for https://site.test/Order/Contact/x')).toBeInTheDocument();
  });
});
