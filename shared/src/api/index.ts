export { api, configureApi, errorBody, errorMessage, gotNoAnswer, httpStatus } from './client';
export { fetchRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
