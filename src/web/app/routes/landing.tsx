import { heroHeading, productName, tagline } from '#shared/product';
import { FaqSection } from '../../features/landing/components/faq-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { Hero } from '../../features/landing/components/hero';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { usePageMeta } from '../../lib/use-page-meta';

export function LandingRoute() {
  usePageMeta({ title: `${productName} — ${heroHeading}`, description: tagline });
  const siteConfig = useSiteConfig();

  return (
    <>
      <Hero waitlistUrl={siteConfig.data?.waitlistUrl} />
      <FeaturesSection />
      <FaqSection />
    </>
  );
}
