import type { RunTrigger } from '#shared/runs/run.schema';

const triggerLabels: Record<RunTrigger, string> = { schedule: 'Scheduled', manual: 'Manual', backfill: 'Backfill' };

/** What started a run, in the words the task page, History and the admin area share (ADR 0117's backfill too). */
export const runTriggerLabel = (trigger: RunTrigger): string => triggerLabels[trigger];
