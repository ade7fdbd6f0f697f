import { heroHeading, productName } from '../../../shared/product';
import { FaqSection } from '../../features/landing/components/faq-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { Hero } from '../../features/landing/components/hero';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LandingRoute() {
  useDocumentTitle(`${productName} — ${heroHeading}`);
  const siteConfig = useSiteConfig();

  return (
    <>
      <Hero waitlistUrl={siteConfig.data?.waitlistUrl} />
      <FeaturesSection />
      <FaqSection />
    </>
  );
}
