export * from './api';
export * from './auth';
export * from './banned-wristband';
export * from './constants';
export * from './event';
export * from './messages';
export * from './permissions';
export * from './validation';
