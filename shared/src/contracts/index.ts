export * from './common';
export * from './fundraisers';
export * from './health';
