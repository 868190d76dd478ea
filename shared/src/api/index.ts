export { api, configureApi, errorBody, errorMessage, gotNoAnswer, httpStatus } from './client';
export { call, urlOf, type CallOptions, type CallRequest, type CallResponse, type JsonRoute } from './call';
export { fetchRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
