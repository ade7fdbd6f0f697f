import { clsx } from 'clsx';
import { Link } from 'react-router';
import { guideCategories, guides, type GuideCategory, type GuideEntry } from '#shared/content/guides';
import { Badge } from '#web/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { guidePath } from '#web/config/paths';

export function guidesInCategory(category: GuideCategory, entries: GuideEntry[] = guides): GuideEntry[] {
  return entries.filter((guide) => guide.category === category);
}

/** Tab values become element ids, which must not contain spaces (the panel is named through aria-labelledby). */
function tabValue(category: GuideCategory): string {
  return category.toLowerCase().replace(/\s+/g, '-');
}

const difficultyTone = { Beginner: 'emerald', Intermediate: 'indigo', Advanced: 'slate' } as const;

/** A guide card's linked title and description; the card around it says what else to show. */
export function GuideSummary({ guide, titleClassName }: { guide: GuideEntry; titleClassName: string }) {
  return (
    <>
      <h3 className={clsx('font-semibold text-slate-900', titleClassName)}>
        <Link to={guidePath(guide.id)} className="rounded hover:text-indigo-700">
          {guide.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm leading-6 text-slate-600">{guide.description}</p>
    </>
  );
}

/** The nine guides in tabs by category, each with its difficulty. */
export function GuidesBrowser() {
  return (
    <Tabs defaultValue={tabValue(guideCategories[0])}>
      <TabsList aria-label="Guide categories">
        {guideCategories.map((category) => (
          <TabsTrigger key={category} value={tabValue(category)}>
            {category}
          </TabsTrigger>
        ))}
      </TabsList>
      {guideCategories.map((category) => (
        <TabsContent key={category} value={tabValue(category)}>
          <ul className="grid gap-4 sm:grid-cols-2">
            {guidesInCategory(category).map((guide) => (
              <li key={guide.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={difficultyTone[guide.difficulty]}>{guide.difficulty}</Badge>
                  <span className="text-xs text-slate-600">{guide.readTime} read</span>
                </div>
                <GuideSummary guide={guide} titleClassName="mt-3 text-base" />
              </li>
            ))}
          </ul>
        </TabsContent>
      ))}
    </Tabs>
  );
}
