import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ColumnHeads } from './column-heads';

/*
 * Our list tables: a table from the lg breakpoint; below it each row stacks as a card whose cells carry their own
 * labels, while the header row (ColumnHeads with stackBelow="lg") stays for screen readers.
 */

export const stackedRowClassName = clsx(
  'max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:shadow-sm',
  'lg:hover:bg-slate-50/70',
);

export const stackedTableFrameClassName = 'lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm';
export const stackedBodyClassName = 'max-lg:flex max-lg:flex-col max-lg:gap-3 lg:divide-y lg:divide-slate-100';

export const stackedCellClassName = 'align-middle max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-4 lg:px-4 lg:py-3';

/** A cell; `label` is shown beside the value only when the row is stacked as a card. */
export function StackedCell({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <td className={clsx(stackedCellClassName, className)}>
      {label ? (
        <span aria-hidden="true" className="shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase lg:hidden">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

/** A cell's value with a smaller second line under it (a provider and its model, an owner and their e-mail). */
export function ValueWithDetail({ value, detail }: { value: ReactNode; detail: ReactNode }) {
  return (
    <span className="flex flex-col max-lg:items-end">
      <span className="text-slate-700">{value}</span>
      <span className="text-xs text-slate-500">{detail}</span>
    </span>
  );
}

/** The loading, empty or error row, spanning every column. */
export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr className="max-lg:block">
      <td colSpan={columns} className="px-4 py-10 text-center text-slate-500 max-lg:block">
        {children}
      </td>
    </tr>
  );
}

type StackedTableProps = {
  caption: string;
  columns: readonly string[];
  /** Rows are loading or being replaced. */
  busy?: boolean;
  className?: string;
  /** A row spanning every column before the rows, e.g. "Loading plans..." or "No plans yet"; none when absent. */
  message?: ReactNode;
  /** The rows: `<tr className={stackedRowClassName}>` of StackedCells. */
  children: ReactNode;
};

/** A list table of the admin pages: a captioned table from lg, stacked cards below it. */
export function StackedTable({ caption, columns, busy = false, className, message, children }: StackedTableProps) {
  return (
    <div aria-busy={busy || undefined} className={clsx(stackedTableFrameClassName, className)}>
      <table className="w-full text-left text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={columns} stackBelow="lg" />
        <tbody className={stackedBodyClassName}>
          {message ? <MessageRow columns={columns.length}>{message}</MessageRow> : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}
