export * from './api';
export * from './tokens';
export * from './ui';
export * from './hooks';
export type * from './contracts/types';
export { mountStandalone } from './standalone';
export * from './contracts/constants';
export * from './bundles';
export * from './router';
