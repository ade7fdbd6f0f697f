import { z } from 'zod';

/** The reliability card's window: the last this many days, rolling, up to now. */
export const reliabilityDays = 30;

const count = (description: string) => z.number().int().nonnegative().meta({ description });

/**
 * `GET /api/tasks/{id}/reliability` (issue 40, docs/decisions/0078): how a task's scheduled slots of the last 30 days
 * went. Every slot's first run falls in one of on time, late, missed, running or unmeasured, so those five add up to
 * `slotsDue - duplicates`.
 */
export const taskReliabilitySchema = z
  .object({
    from: z.string().meta({ description: 'Start of the window (ISO): 30 days before `to`' }),
    to: z.string().meta({ description: 'End of the window (ISO): when it was computed' }),
    slotsDue: count(
      'Scheduled runs whose slot is in the window, whatever their status, plus the slots the watchdog found overdue that have no run yet',
    ),
    onTime: count('Slots whose run a worker began within 1 s of its time'),
    late: count('Slots whose run began more than 1 s after its time'),
    worstLatenessMs: z.number().int().nullable().meta({ description: 'How late the latest of the late runs began; null without any' }),
    missed: count('Slots that never ran: skipped by the scheduler (catch-up or overlap) or still overdue'),
    running: count('Slots whose run is under way: its lateness is written with its outcome'),
    unmeasured: count('Slots whose run ended without a lateness: recorded before it was measured, or interrupted'),
    duplicates: count('Scheduled runs beyond the first for the same slot: counted, 0 when every slot ran once at most'),
    deliveriesConfirmed: count('Runs started in the window, Run Now included, whose result was delivered'),
    deliveriesFailed: count('Runs started in the window, Run Now included, whose delivery failed'),
  })
  .meta({ id: 'TaskReliability' });

export type TaskReliability = z.infer<typeof taskReliabilitySchema>;
