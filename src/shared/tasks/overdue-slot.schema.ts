import { z } from 'zod';

/** What the owner sees on a task, its page and History while the watchdog finds a slot of it unrun (issue 40). */
export const overdueText = 'Overdue: no worker has run this slot';

/** A slot of one of your tasks that no worker has run, more than a minute after its time (docs/decisions/0075). */
export const overdueSlotSchema = z
  .object({
    taskId: z.string().meta({ format: 'uuid' }),
    taskName: z.string(),
    slot: z.string().meta({ description: 'When the run was due' }),
    detectedAt: z.string().meta({ description: 'When the watchdog found it overdue' }),
  })
  .meta({ id: 'OverdueSlot' });

export type OverdueSlot = z.infer<typeof overdueSlotSchema>;

/** `GET /api/overdue-slots`: every open overdue slot of the user's tasks, oldest first. */
export const overdueSlotListSchema = z.object({ items: z.array(overdueSlotSchema) });

export type OverdueSlotList = z.infer<typeof overdueSlotListSchema>;
