export * from './events';
export * from './globals';
export * from './users';
