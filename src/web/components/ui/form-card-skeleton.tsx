import { Card, CardContent, CardFooter } from './card';
import { Skeleton } from './skeleton';

/** A form card's shape (title, description, labelled fields, optional button) while its data loads. */
export function FormCardSkeleton({ rows, withFooter = false }: { rows: number; withFooter?: boolean }) {
  return (
    <Card>
      <div className="flex flex-col gap-2 border-b border-slate-100 px-5 py-4 sm:px-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <CardContent className="flex flex-col gap-5">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </CardContent>
      {withFooter ? (
        <CardFooter>
          <Skeleton className="h-10 w-36 rounded-lg" />
        </CardFooter>
      ) : null}
    </Card>
  );
}
