import axios, { isAxiosError, type AxiosInstance } from 'axios';
import type { ApiError } from '../contracts/common';
import { queryString } from '../pages/firstCalls';
import { pageMessage } from '../i18n/current';

/**
 * The one HTTP client every app uses. The base URL is runtime configuration: the shell
 * (or a remote running standalone) calls configureApi() once with what /runtime-config.json says.
 */
export const api: AxiosInstance = axios.create({
  baseURL: '',
  timeout: 30_000,
  // The query encoded as the server encodes the preloads of the pages' first calls (the same URL).
  paramsSerializer: { serialize: queryString },
});

export function configureApi(options: { baseURL: string }): void {
  api.defaults.baseURL = options.baseURL;
}

/** A sentence a person can act on, from whatever went wrong with a call. */
export function errorMessage(error: unknown, fallback = pageMessage('shared.error.generic')): string {
  if (isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiError> | undefined;
    if (body && typeof body.message === 'string') return body.message;
    if (!error.response) return pageMessage('shared.error.unreachable');
  }
  return fallback;
}

/**
 * The HTTP status of a failed call, if it got an answer. A property check, not instanceof: a
 * remote's own axios copy would make `instanceof AxiosError` false for the shared client's errors.
 */
export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** A call that got no answer at all: no network, or the server could not be reached. */
export function gotNoAnswer(error: unknown): boolean {
  return isAxiosError(error) && !error.response;
}

/** The JSON body of a failed call's answer, if any. */
export function errorBody<T>(error: unknown): T | undefined {
  return isAxiosError(error) ? (error.response?.data as T | undefined) : undefined;
}
