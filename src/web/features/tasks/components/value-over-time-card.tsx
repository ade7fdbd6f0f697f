import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChartLine } from 'lucide-react';
import { useId, useState } from 'react';
import { measureOutput, outputMeasureKey, outputMeasureLabel, outputMeasures, type OutputMeasure } from '#shared/tasks/output-measures';
import type { Task } from '#shared/tasks/task.schema';
import { ValueChart, type ValuePoint } from '#web/components/runs/value-chart';
import { TitledCard } from '#web/components/ui/card';
import { inputClassName } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { latestRunsForChart, latestTaskRunsQueryOptions, type TaskRun } from '../api/list-task-runs';
import { runAnchor } from './task-run-history';

export const noValuesText = 'No values yet: the chart fills in as runs complete.';

/** The runs that have the measure, oldest first; failed runs and empty fields are left out. */
function pointsOf(runs: TaskRun[], measure: OutputMeasure): ValuePoint[] {
  const points: ValuePoint[] = [];
  for (const run of [...runs].reverse()) {
    const value = measureOutput(run.output, measure);
    if (value !== null) points.push({ runId: run.id, startedAt: run.startedAt, value });
  }
  return points;
}

function ValueOverTime({ taskId, measure, timeZone }: { taskId: string; measure: OutputMeasure; timeZone: string }) {
  const runs = useQuery(latestTaskRunsQueryOptions(taskId));
  if (runs.isPending) return <Skeleton className="h-48 w-full" />;
  if (!runs.data)
    return <QueryLoadError title="Error loading task runs" query={runs} fallback="Failed to load task runs. Please try again." />;
  const points = pointsOf(runs.data, measure);
  if (points.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <ChartLine aria-hidden="true" className="size-6 text-slate-400" />
        <p className="text-sm text-slate-600">{noValuesText}</p>
      </div>
    );
  }
  // The run's row in the run history below, on this same page: a run has no page of its own.
  return <ValueChart label={outputMeasureLabel(measure)} points={points} timeZone={timeZone} runHref={(runId) => `#${runAnchor(runId)}`} />;
}

/**
 * "Value over time": a number from a structured task's answers (a record's number field, or a list's number of items)
 * across its latest runs, for a trend seen at a glance. Nothing for a free-text task, nor for answers without a number.
 */
export function ValueOverTimeCard({ task, timeZone, className }: { task: Task; timeZone: string; className?: string }) {
  const selectId = useId();
  const measures = outputMeasures(task.outputSchema);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  // The first by default, and again when an edit of the schema removed the field chosen.
  const measure = measures.find((candidate) => outputMeasureKey(candidate) === chosenKey) ?? measures[0];
  if (!measure) return null;

  return (
    <TitledCard
      title="Value over time"
      description={`From the results of this task's last ${latestRunsForChart} runs; select a point to see its run.`}
      className={className}
    >
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
          Value
        </label>
        <select
          id={selectId}
          value={outputMeasureKey(measure)}
          onChange={(event) => setChosenKey(event.target.value)}
          className={clsx(inputClassName, 'pr-8')}
        >
          {measures.map((candidate) => (
            <option key={outputMeasureKey(candidate)} value={outputMeasureKey(candidate)}>
              {outputMeasureLabel(candidate)}
            </option>
          ))}
        </select>
      </div>
      <ValueOverTime taskId={task.id} measure={measure} timeZone={timeZone} />
    </TitledCard>
  );
}
