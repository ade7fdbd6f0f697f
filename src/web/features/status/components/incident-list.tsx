import type { StatusIncident } from '#shared/status/status.schema';
import { formatLocalDateTime } from '#web/lib/date-time';
import { incidentKindNames } from './status-text';

/** The incidents of the 90 days, newest first, each with its start and end. */
export function IncidentList({ incidents }: { incidents: StatusIncident[] }) {
  if (incidents.length === 0) return <p className="text-slate-600">No incidents in the last 90 days.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {incidents.map((incident) => (
        <li key={`${incident.kind}-${incident.startedAt}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-slate-900">{incidentKindNames[incident.kind]}</span>
            {incident.endedAt ? (
              <span className="text-sm font-medium text-slate-600">Resolved</span>
            ) : (
              <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-medium text-red-700">Ongoing</span>
            )}
          </p>
          {incident.summary ? <p className="mt-1 text-sm text-slate-700">{incident.summary}</p> : null}
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1.5">
              <dt>Started</dt>
              <dd className="font-medium text-slate-800">{formatLocalDateTime(incident.startedAt)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>Ended</dt>
              <dd className="font-medium text-slate-800">{incident.endedAt ? formatLocalDateTime(incident.endedAt) : 'Not yet'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
