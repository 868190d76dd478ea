import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../api/client';

/**
 * The API for tests of the calls the pages make: the shared client's axios adapter stands in for the
 * server, answering `answer(data, status)` (an error status rejects as a failed call does) and keeping
 * every request in `sent`. Call it at the top of a test file: it restores the client after each test.
 */
export function fakeApi() {
  const sent: InternalAxiosRequestConfig[] = [];
  const original = { adapter: api.defaults.adapter, baseURL: api.defaults.baseURL };
  beforeEach(() => {
    sent.length = 0;
  });
  afterEach(() => {
    Object.assign(api.defaults, original);
  });
  /** Answers each request with what `reply` gives for its URL ([data, status]; status 200 when left out). */
  function answerBy(reply: (url: string) => [data: unknown, status?: number]) {
    api.defaults.adapter = async (config) => {
      sent.push(config);
      const [data, status = 200] = reply(api.getUri(config));
      const response = { data, status, statusText: '', headers: {}, config };
      if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, undefined, response);
      return response;
    };
  }
  return {
    sent,
    answer: (data: unknown, status = 200) => answerBy(() => [data, status]),
    answerBy,
    /** A header of a request as sent. */
    header: (config: InternalAxiosRequestConfig, name: string) => AxiosHeaders.from(config.headers).get(name),
  };
}
