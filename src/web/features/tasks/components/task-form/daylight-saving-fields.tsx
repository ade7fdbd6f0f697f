import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { dstWarnings, dstWarningText } from '#shared/tasks/dst-warnings';
import { dstGapPolicies, dstRepeatPolicies } from '#shared/tasks/schedule';
import { Field } from '#web/components/ui/field';
import { inputClassName } from '#web/components/ui/input';
import { dstGapLabel, dstGapTexts, dstRepeatLabel, dstRepeatTexts } from '../dst-policy-texts';
import { storedSchedule } from './task-form-values';
import { useTaskFormContext } from './use-task-form';

const gapChoices = dstGapPolicies.map((value) => ({ value, label: dstGapTexts[value] }));
const repeatChoices = dstRepeatPolicies.map((value) => ({ value, label: dstRepeatTexts[value] }));

/**
 * What a schedule does on the days its time does not exist or happens twice (ADR 0116), and, when the time meets
 * such a day within the next year, which day and what will happen. Hourly schedules keep elapsed time and have none.
 */
export function DaylightSavingFields() {
  const { control, register } = useTaskFormContext();
  const [scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat] = useWatch({
    control,
    name: ['scheduleType', 'localTime', 'startDate', 'timezone', 'customCron', 'cronTimezone', 'dstGap', 'dstRepeat'],
  });
  // The policies change only the words, not the days, so switching one does not scan the year again.
  const warnings = useMemo(() => {
    const fields = { scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap: 'shift', dstRepeat: 'first' } as const;
    const schedule = storedSchedule(fields);
    return schedule ? dstWarnings(schedule) : [];
  }, [scheduleType, localTime, startDate, timezone, customCron, cronTimezone]);
  if (scheduleType === 'hourly') return null;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-900">Daylight saving</legend>
      {warnings.length ? (
        <ul aria-label="Daylight saving warnings" className="flex flex-col gap-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
          {warnings.map((warning) => (
            <li key={`${warning.kind} ${warning.day}`} className="flex items-start gap-2 text-sm text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              {dstWarningText(warning, { dstGap, dstRepeat })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="task-dst-gap" label={dstGapLabel}>
          {(fieldControl) => (
            <select {...fieldControl} {...register('dstGap')} className={clsx(inputClassName, 'pr-8')}>
              {gapChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="task-dst-repeat" label={dstRepeatLabel}>
          {(fieldControl) => (
            <select {...fieldControl} {...register('dstRepeat')} className={clsx(inputClassName, 'pr-8')}>
              {repeatChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
