// Type-only face of the contracts for browser code: erased at build time, so the
// TypeBox runtime (used by the server's validation) never reaches a bundle.
export type * from './common';
export type * from './fundraisers';
export type * from './health';
export type * from './orders';
export type * from './students';
export type * from './tickets';
export type * from './admin';
export type * from './donor';
export type * from './logger';
export type * from './collectedCash';
