import { clsx } from 'clsx';

type ColumnHeadsProps = {
  columns: readonly string[];
  /** Below this width the rows stack as cards and the heads are only read to screen readers. */
  stackBelow: 'md' | 'lg';
};

/** The head row of our list tables; an "Actions" column aligns right, over the row's buttons. */
export function ColumnHeads({ columns, stackBelow }: ColumnHeadsProps) {
  return (
    <thead
      className={clsx(
        'border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase',
        stackBelow === 'md' ? 'max-md:sr-only' : 'max-lg:sr-only',
      )}
    >
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={clsx('px-4 py-3 font-medium', column === 'Actions' && 'text-right')}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
