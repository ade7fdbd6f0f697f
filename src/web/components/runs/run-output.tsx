import type { Run } from '#shared/runs/run.schema';

type Output = NonNullable<Run['output']>;

/**
 * A structured run's answer as data (ADR 0119): a list (an object whose one field, `items`, is an array of records) as
 * a table, a record as its fields. Links open, yes/no reads as words, a missing value as a dash.
 */
export function RunOutput({ output, caption }: { output: Output; caption: string }) {
  const items = listItems(output);
  if (!items) {
    return (
      <dl className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:grid-cols-[minmax(8rem,auto)_1fr]">
        {Object.entries(output).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-xs font-medium text-slate-500 sm:text-sm">{name}</dt>
            <dd className="text-sm break-words text-slate-900">
              <Value value={value} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (items.length === 0) return <p className="text-sm text-slate-600">No items.</p>;
  const columns = [...new Set(items.flatMap((item) => Object.keys(item)))];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column} className={typeof item[column] === 'number' ? 'px-3 py-2 text-right tabular-nums' : 'px-3 py-2'}>
                  <Value value={item[column]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The records of a list's output, or undefined for a record. */
export function listItems(output: Output): Record<string, unknown>[] | undefined {
  const keys = Object.keys(output);
  const items = output.items;
  if (keys.length !== 1 || !Array.isArray(items)) return undefined;
  return items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-slate-400">—</span>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'number') return <>{value.toLocaleString('en-US')}</>;
  if (typeof value === 'string') {
    return /^https?:\/\/\S+$/.test(value) ? (
      <a href={value} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline">
        {value}
      </a>
    ) : (
      <>{value}</>
    );
  }
  return <code className="text-xs">{JSON.stringify(value)}</code>;
}
