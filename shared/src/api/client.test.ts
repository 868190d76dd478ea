import { AxiosError, AxiosHeaders } from 'axios';
import { errorMessage } from './client';

function responseError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, undefined, { status, statusText: '', headers: {}, config, data });
}

describe('errorMessage', () => {
  it('uses the server message of an API error', () => {
    expect(errorMessage(responseError(400, { message: 'Fundraiser not found.' }))).toBe('Fundraiser not found.');
  });
  it('explains a network failure', () => {
    expect(errorMessage(new AxiosError('Network Error'))).toMatch(/could not reach the server/);
  });
  it('falls back to a plain sentence', () => {
    expect(errorMessage(new Error('x'))).toBe('Something went wrong. Please try again.');
  });
});
