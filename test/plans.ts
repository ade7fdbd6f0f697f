import type { tasks } from '#server/db/schema/index';

export { freePlanId } from '#server/db/schema/index';

/** Pro, as migration 0009 seeds it: the plan tests move a member to. */
export const proPlanId = '00000000-0000-4000-8000-000000000002';

/** A schedule (every ten minutes) that Free's pace, a run at most every 60 minutes, refuses. */
export const tooFastForFree = {
  scheduleType: 'custom',
  localTime: null,
  startDate: null,
  customCron: '*/10 * * * *',
} satisfies Partial<typeof tasks.$inferInsert>;
