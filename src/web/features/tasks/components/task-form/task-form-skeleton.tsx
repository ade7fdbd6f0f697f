import { Card, CardContent } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';

function CardSkeleton({ rows }: { rows: number }) {
  return (
    <Card>
      <div className="flex flex-col gap-2 border-b border-slate-100 px-5 py-4 sm:px-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <CardContent className="flex flex-col gap-5">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** The task form's shape while what it starts from loads, so the page does not jump when it arrives. */
export function TaskFormSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <div role="status" className="sr-only">
        {label}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardSkeleton rows={2} />
        <CardSkeleton rows={2} />
      </div>
      <CardSkeleton rows={3} />
      <CardSkeleton rows={1} />
    </div>
  );
}
