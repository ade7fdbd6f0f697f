export * from './audit-log';
export * from './billing';
export * from './rate-limits';
export * from './task-runs';
export * from './tasks';
export * from './user-settings';
export * from './users';
export * from './worker-heartbeats';
