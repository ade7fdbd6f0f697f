import { FormCardSkeleton } from '#web/components/ui/form-card-skeleton';

/** The shape of a settings card while its data loads, so the page does not jump when it arrives. */
export function SettingsPanelSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true">
      <div role="status" className="sr-only">
        {label}
      </div>
      <FormCardSkeleton rows={rows} withFooter />
    </div>
  );
}
