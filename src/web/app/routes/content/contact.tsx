import { Mail } from 'lucide-react';
import { Skeleton } from '#web/components/ui/skeleton';
import { ContentPage } from '#web/features/content/components/content-page';
import { useSiteConfig } from '#web/features/site/api/get-site-config';

export function ContactRoute() {
  const siteConfig = useSiteConfig();

  return (
    <ContentPage title="Contact" description="Questions, feedback or a problem with a task? Write to our support team.">
      <div className="flex max-w-xl items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Mail aria-hidden="true" className="size-6 shrink-0 text-indigo-600" />
        {siteConfig.data ? (
          <a href={`mailto:${siteConfig.data.supportEmail}`} className="text-lg font-semibold break-all text-indigo-700 hover:underline">
            {siteConfig.data.supportEmail}
          </a>
        ) : siteConfig.isError ? (
          <p className="text-slate-700">The support address could not be loaded. Please reload the page.</p>
        ) : (
          <Skeleton className="h-7 w-64" />
        )}
      </div>
    </ContentPage>
  );
}
