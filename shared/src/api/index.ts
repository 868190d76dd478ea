export { api, configureApi, errorMessage } from './client';
export { fetchRuntimeConfig, type RuntimeConfig, type RemoteName } from './runtimeConfig';
export { fundraiserLookups } from './fundraisers';
