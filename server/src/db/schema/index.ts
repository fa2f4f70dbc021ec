export * from './events';
export * from './globals';
export * from './users';
export * from './wristbands';
