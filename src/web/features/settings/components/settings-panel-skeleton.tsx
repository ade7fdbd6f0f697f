import { Card, CardContent, CardFooter } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** The shape of a settings card while its data loads, so the page does not jump when it arrives. */
export function SettingsPanelSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <Card aria-busy="true">
      <div role="status" className="sr-only">
        {label}
      </div>
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
      <CardFooter>
        <Skeleton className="h-10 w-36 rounded-lg" />
      </CardFooter>
    </Card>
  );
}
