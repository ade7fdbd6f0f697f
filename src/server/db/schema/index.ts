export * from './rate-limits';
export * from './tasks';
export * from './user-settings';
export * from './users';
