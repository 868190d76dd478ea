export { api, configureApi, errorBody, errorMessage, gotNoAnswer, httpStatus } from './client';
export { call, callFirst, urlOf, type CallOptions, type CallRequest, type CallResponse, type JsonRoute } from './call';
export { fetchRuntimeConfig, loadRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
