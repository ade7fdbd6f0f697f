import { Outlet } from 'react-router';
import { PublicFooter } from '../../components/layout/public-footer';
import { PublicHeader } from '../../components/layout/public-header';
import { SkipLink } from '../../components/layout/skip-link';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { SocialLinks } from '../../features/site/components/social-links';
import { StatusBadge } from '../../features/site/components/status-badge';

const mainId = 'main-content';

export function PublicLayout() {
  const config = useSiteConfig();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={mainId} />
      <PublicHeader />
      <main id={mainId} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter status={<StatusBadge />} social={<SocialLinks />} statusPage={config.data?.statusPage !== false} />
    </div>
  );
}
