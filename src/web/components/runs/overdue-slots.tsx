import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { overdueSlotListSchema, overdueText, type OverdueSlot } from '#shared/tasks/overdue-slot.schema';
import { apiClient } from '#web/lib/api-client';
import { formatInZoneOf, formatLocalDateTime } from '#web/lib/date-time';

/**
 * Under the runs' key, so a run event (the catch-up run that resolves a slot) refetches it with the history. Polled
 * besides: the watchdog sends no event, and the owner should see "Overdue" within two minutes (issue 40).
 */
export const overdueSlotsQueryKey = ['runs', 'overdue-slots'] as const;
export const overdueSlotsRefetchMs = 30_000;

/** The watchdog's open findings on the user's tasks; empty while loading or if the request fails (a hint, not a page). */
export function useOverdueSlots(): OverdueSlot[] {
  const query = useQuery({
    queryKey: overdueSlotsQueryKey,
    queryFn: async ({ signal }) => overdueSlotListSchema.parse(await apiClient.get('/api/overdue-slots', { signal })).items,
    refetchInterval: overdueSlotsRefetchMs,
    retry: false,
  });
  return query.data ?? [];
}

/** The earliest overdue slot of each task. */
export function overdueByTask(slots: OverdueSlot[]): Map<string, OverdueSlot> {
  const byTask = new Map<string, OverdueSlot>();
  for (const slot of slots) if (!byTask.has(slot.taskId)) byTask.set(slot.taskId, slot);
  return byTask;
}

/**
 * "Overdue: no worker has run this slot", with the slot's time unless `compact` (in `timeZone`, the task's, on its own
 * page: ADR 0110); nothing without a slot.
 */
export function OverdueNote({ slot, compact = false, timeZone }: { slot: OverdueSlot | undefined; compact?: boolean; timeZone?: string }) {
  if (!slot) return null;
  const due = timeZone ? formatInZoneOf(slot.slot, timeZone) : formatLocalDateTime(slot.slot);
  return (
    <span className="inline-flex items-start gap-1.5 text-sm font-medium text-amber-800">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <span>
        {overdueText}
        {compact ? null : <span className="font-normal text-slate-600"> (due {due})</span>}
      </span>
    </span>
  );
}

/** History's notice of the slots no worker has run: they have no run row yet, so they head the list. */
export function OverdueSlotsBanner({ slots }: { slots: OverdueSlot[] }) {
  if (slots.length === 0) return null;
  return (
    <section aria-label="Overdue slots" className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
      <ul className="flex flex-col gap-1.5">
        {slots.map((slot) => (
          <li key={`${slot.taskId}-${slot.slot}`} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">{slot.taskName}</span>
            <OverdueNote slot={slot} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        The administrators have been told. When a worker returns, the latest slot within the task’s catch-up window runs and older ones are
        skipped.
      </p>
    </section>
  );
}
