import { clsx } from 'clsx';
import type { Status } from '#shared/status/status.schema';
import { componentNames, stateAppearance } from './status-text';

/** The state of each part of the service now, under one headline. */
export function CurrentState({ current }: { current: Status['current'] }) {
  const parts = (Object.keys(componentNames) as (keyof typeof componentNames)[]).map((key) => ({ key, ...current[key] }));
  const down = parts.filter((part) => part.state === 'down');
  const headline = down.length === 0 ? 'All systems operational' : `${down.map((part) => componentNames[part.key]).join(', ')}: down`;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p role="status" className="flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span aria-hidden="true" className={clsx('size-3 shrink-0 rounded-full', down.length === 0 ? 'bg-emerald-500' : 'bg-red-500')} />
        {headline}
      </p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {parts.map((part) => (
          <li key={part.key} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="flex items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{componentNames[part.key]}</span>
              <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
                <span aria-hidden="true" className={clsx('size-2 rounded-full', stateAppearance[part.state].dot)} />
                {stateAppearance[part.state].label}
              </span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{part.message}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
