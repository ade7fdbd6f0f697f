import { landingSectionIds } from '../../../config/paths';
import { SectionHeading } from './section-heading';

/** Anchor for the header's FAQ link; the six questions arrive with the landing content. */
export function FaqSection() {
  const headingId = `${landingSectionIds.faq}-heading`;

  return (
    <section id={landingSectionIds.faq} aria-labelledby={headingId} className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={headingId}
          title="Frequently Asked Questions"
          intro="Answers to the questions people ask most about scheduling AI prompts."
        />
      </div>
    </section>
  );
}
