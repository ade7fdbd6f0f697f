import { useParams } from 'react-router';
import { findGuide } from '#shared/content/guides';
import { Badge } from '#web/components/ui/badge';
import { paths } from '#web/config/paths';
import { ContentPage, ContentSection, Prose } from '#web/features/content/components/content-page';
import { NotFoundRoute } from '../not-found';

export function GuideRoute() {
  const guide = findGuide(useParams().guideId ?? '');
  if (!guide) return <NotFoundRoute />;

  return (
    <ContentPage
      eyebrow={guide.category}
      title={guide.title}
      description={guide.description}
      back={{ to: paths.guides, label: 'Back to Guides' }}
    >
      <p className="-mt-4 mb-10 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <Badge>{guide.difficulty}</Badge>
        {guide.readTime} read
      </p>
      {guide.steps ? (
        <ContentSection title={`${guide.steps.length} steps`} id="steps">
          <ol className="max-w-3xl list-decimal space-y-2 pl-6 text-base leading-7 text-slate-700">
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
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
