export * from './rate-limits';
export * from './user-settings';
export * from './users';
