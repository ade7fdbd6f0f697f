import { describe, expect, it } from 'vitest';
import { incidentSummary, resolutionKind, slotResolution } from './slot-resolution';

const slot = new Date('2026-03-01T09:00:00Z');

describe('an overdue slot’s resolution', () => {
  it('says how late the catch-up run began, or why there is none', () => {
    expect(
      slotResolution(slot, {
        run: { status: 'completed', startedAt: new Date('2026-03-01T09:02:05Z'), error: null },
        taskStatus: 'active',
      }),
    ).toEqual({
      kind: 'late',
      text: 'Ran 125 s late (catch-up).',
    });
    const reason = 'Skipped: the service was not running at this time.';
    expect(slotResolution(slot, { run: { status: 'skipped', startedAt: slot, error: reason }, taskStatus: 'active' }).text).toBe(reason);
    expect(slotResolution(slot, { taskStatus: 'paused' }).text).toBe('Task paused.');
    expect(resolutionKind('Ran 125 s late (catch-up).')).toBe('late');
    expect(resolutionKind(reason)).toBe('skipped');
    expect(resolutionKind('Task paused.')).toBe('not-run');
  });

  it('sums an incident up in words', () => {
    expect(incidentSummary([...Array<'late'>(10).fill('late'), 'skipped', 'skipped'])).toBe(
      '12 slots were overdue: 10 ran late, 2 were skipped.',
    );
    expect(incidentSummary(['late'])).toBe('1 slot was overdue: 1 ran late.');
    expect(incidentSummary(['skipped', 'not-run'])).toBe('2 slots were overdue: 1 was skipped, 1 was not run (task paused or changed).');
  });
});
