/** What the scheduler recorded for an overdue slot once it returned, or the task's state when it has no run. */
export interface SlotOutcome {
  run?: { status: string; startedAt: Date; error: string | null };
  taskStatus: string;
}

export type ResolutionKind = 'late' | 'skipped' | 'not-run';

/**
 * The resolution of an overdue slot, as the incident's summary counts it and the slot records it: the catch-up run and
 * how late it began, the skipped run's own reason (the scheduler's catch-up rule), or why there is no run at all.
 */
export function slotResolution(slot: Date, { run, taskStatus }: SlotOutcome): { kind: ResolutionKind; text: string } {
  if (run?.status === 'skipped') return { kind: 'skipped', text: run.error ?? 'Skipped.' };
  if (run) {
    const lateSeconds = Math.max(0, Math.round((run.startedAt.getTime() - slot.getTime()) / 1000));
    return { kind: 'late', text: `Ran ${lateSeconds} s late (catch-up).` };
  }
  if (taskStatus === 'paused') return { kind: 'not-run', text: 'Task paused.' };
  if (taskStatus === 'error') return { kind: 'not-run', text: 'Task stopped after repeated failures.' };
  return { kind: 'not-run', text: 'Not run: the task’s schedule changed.' };
}

/** The kind of a recorded resolution, read back from its text when the incident closes. */
export function resolutionKind(text: string | null): ResolutionKind {
  if (text?.startsWith('Ran ')) return 'late';
  if (text?.startsWith('Skipped')) return 'skipped';
  return 'not-run';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 slots were overdue: 10 ran late, 2 were skipped." */
export function incidentSummary(kinds: ResolutionKind[]): string {
  const count = (kind: ResolutionKind) => kinds.filter((each) => each === kind).length;
  const parts = [
    count('late') ? `${count('late')} ran late` : '',
    count('skipped') ? `${plural(count('skipped'), 'was', 'were')} skipped` : '',
    count('not-run') ? `${plural(count('not-run'), 'was', 'were')} not run (task paused or changed)` : '',
  ].filter(Boolean);
  const head = `${plural(kinds.length, 'slot was', 'slots were')} overdue`;
  return parts.length ? `${head}: ${parts.join(', ')}.` : `${head}.`;
}
