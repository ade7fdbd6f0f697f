import { ContentPage } from '#web/features/content/components/content-page';
import { useSiteConfig } from '#web/features/site/api/get-site-config';
import { StatusReport } from '#web/features/status/components/status-report';
import { NotFoundRoute } from './not-found';

/** /status, unless the operator turned it off (PUBLIC_STATUS_PAGE=false): then the 404 page, as the server answers. */
export function StatusRoute() {
  const config = useSiteConfig();
  if (config.data?.statusPage === false) return <NotFoundRoute />;
  return (
    <ContentPage
      eyebrow="Status"
      title="Promptcron status"
      description="Whether Promptcron is working right now, and how punctually it ran scheduled tasks and delivered their results over the last 90 days."
    >
      <StatusReport />
    </ContentPage>
  );
}
