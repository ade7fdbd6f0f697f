import { FormCardSkeleton as CardSkeleton } from '#web/components/ui/form-card-skeleton';

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
