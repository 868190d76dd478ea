export { api, configureApi, errorBody, errorMessage, gotNoAnswer, httpStatus } from './client';
export { call, callFirst, urlOf, type CallOptions } from './call';
export type { CallRequest, CallResponse, JsonRoute } from './callTypes';
export { fetchRuntimeConfig, loadRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
