import { useParams } from 'react-router';
import { findGuide } from '#shared/content/guides';
import { Badge } from '#web/components/ui/badge';
import { ContentPage, ContentSection, Prose, StepList } from '#web/features/content/components/content-page';
import { NotFoundRoute } from '../not-found';

export function GuideRoute() {
  const guide = findGuide(useParams().guideId ?? '');
  if (!guide) return <NotFoundRoute />;

  return (
    <ContentPage eyebrow={guide.category} title={guide.title} description={guide.description} parent="guides">
      <p className="-mt-4 mb-10 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <Badge>{guide.difficulty}</Badge>
        {guide.readTime} read
      </p>
      {guide.steps ? (
        <ContentSection title={`${guide.steps.length} steps`} id="steps">
          <StepList steps={guide.steps} />
        </ContentSection>
      ) : null}
      {guide.sections.map((section) => (
        <ContentSection key={section.heading} title={section.heading}>
          <Prose paragraphs={section.paragraphs} />
        </ContentSection>
      ))}
    </ContentPage>
  );
}
