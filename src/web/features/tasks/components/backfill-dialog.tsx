import { useState } from 'react';
import { backfillSlots } from '#shared/tasks/backfill.schema';
import type { Task } from '#shared/tasks/task.schema';
import { formatDate, formatTime, instantOf, wallTimeAt } from '#shared/time/zoned-time';
import { Field } from '#web/components/ui/field';
import { FormDialog } from '#web/components/ui/form-dialog';
import { Input } from '#web/components/ui/input';
import { errorMessage, serverFieldErrors } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useBackfillTask } from '../api/backfill-task';

type BackfillDialogProps = {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/** `YYYY-MM-DDTHH:MM`, as a datetime-local input reads, of `instant` in `timeZone`. */
function localInput(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${formatDate(wall)}T${formatTime(wall)}`;
}

/** The instant a datetime-local value names in `timeZone`, or null for an empty or broken one. */
function instantIn(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return instantOf({ year, month, day, hour, minute }, timeZone);
}

/**
 * "Backfill…": a past range, in the task's zone, whose slots without a run then run one after another (ADR 0117).
 * The slots are counted here as the server counts them, so the user sees how many before sending.
 */
export function BackfillDialog({ task, open, onOpenChange, returnFocusTo }: BackfillDialogProps) {
  const [from, setFrom] = useState(() => localInput(new Date(Date.now() - 7 * 86_400_000), task.timezone));
  const [to, setTo] = useState(() => localInput(new Date(), task.timezone));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const backfill = useBackfillTask(task.id);

  const start = instantIn(from, task.timezone);
  const end = instantIn(to, task.timezone);
  const range = start && end ? (end > start ? backfillSlots(task, { from: start, to: end }) : null) : null;
  const fieldErrors = {
    from:
      serverErrors.from ??
      (!start ? 'Please enter a date and time.' : range && 'field' in range && range.field === 'from' ? range.message : undefined),
    to:
      serverErrors.to ??
      (!end
        ? 'Please enter a date and time.'
        : start && end <= start
          ? 'The end must be after the start.'
          : range && 'field' in range && range.field === 'to'
            ? range.message
            : undefined),
  };
  const slots = range && 'slots' in range ? range.slots.length : 0;

  const submit = () => {
    if (!start || !end || slots === 0) return;
    setServerErrors({});
    backfill.mutate(
      { from: start.toISOString(), to: end.toISOString() },
      {
        onSuccess: ({ slots: running, skipped }) => {
          toast.success('Backfill started', {
            description: `${running} ${running === 1 ? 'run follows' : 'runs follow'} one after another${skipped ? `; ${skipped} ${skipped === 1 ? 'slot' : 'slots'} already had a run` : ''}.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          toast.error('Error starting backfill', {
            description: errorMessage(error, 'The backfill could not be started. Please try again.'),
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Backfill"
      description={`Run the slots of a past range that have no run yet, oldest first, one at a time. Times are in ${task.timezone}.`}
      submitLabel={slots > 0 ? `Run ${slots} ${slots === 1 ? 'slot' : 'slots'}` : 'Run slots'}
      pendingLabel="Starting..."
      pending={backfill.isPending}
      ready={slots > 0}
      onSubmit={submit}
      returnFocusTo={returnFocusTo}
    >
      <Field id="backfill-from" label="From" error={fieldErrors.from}>
        {(fieldControl) => <Input {...fieldControl} type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} />}
      </Field>
      <Field id="backfill-to" label="To" error={fieldErrors.to}>
        {(fieldControl) => <Input {...fieldControl} type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} />}
      </Field>
      <p role="status" className="text-sm text-slate-700">
        {slots > 0
          ? `${slots} ${slots === 1 ? 'slot' : 'slots'} in this range; those that already ran are left alone.`
          : 'No slots to run.'}
      </p>
    </FormDialog>
  );
}
