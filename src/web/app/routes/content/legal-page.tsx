import { ContentPage, ContentSection, Prose } from '#web/features/content/components/content-page';

/** Privacy policy and terms both say this (spec section 9). */
export const legalLastUpdated = 'April 24, 2025';

export type LegalSection = { title: string; paragraphs: string[] };

/** A legal text: its date first, then numbered sections. */
export function LegalPage({ title, description, sections }: { title: string; description: string; sections: LegalSection[] }) {
  return (
    <ContentPage eyebrow="Legal" title={title} description={description}>
      <p className="-mt-4 mb-10 text-sm text-slate-600">Last updated: {legalLastUpdated}</p>
      {sections.map((section, index) => (
        <ContentSection key={section.title} title={`${index + 1}. ${section.title}`}>
          <Prose paragraphs={section.paragraphs} />
        </ContentSection>
      ))}
    </ContentPage>
  );
}
