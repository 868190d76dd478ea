export { api, configureApi, errorBody, errorMessage, httpStatus } from './client';
export { fetchRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
