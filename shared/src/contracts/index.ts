export * from './common';
export * from './fundraisers';
export * from './health';
export * from './orders';
export * from './constants';
export * from './students';
export * from './tickets';
export * from './admin';
