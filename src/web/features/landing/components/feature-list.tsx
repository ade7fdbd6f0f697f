import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';

export type Feature = { title: string; description: string; Icon: LucideIcon };

// The hero's highlights are cards with the icon above the text; the Features section sets a solid icon beside it.
const looks = {
  card: {
    item: 'rounded-2xl border border-slate-200 bg-white/80 p-6 shadow-sm backdrop-blur',
    icon: 'bg-indigo-50 text-indigo-600',
    text: 'mt-4',
  },
  row: { item: 'flex gap-4', icon: 'shrink-0 bg-indigo-600 text-white', text: undefined },
};

type FeatureListProps = {
  features: Feature[];
  look: keyof typeof looks;
  /** h2 in the hero, which has no section heading above it; h3 under the Features heading. */
  headingLevel: 2 | 3;
  className: string;
};

/** What the product does, as icons with a title and a sentence each. */
export function FeatureList({ features, look, headingLevel, className }: FeatureListProps) {
  const Heading = `h${headingLevel}` as const;
  const style = looks[look];
  return (
    <ul className={className}>
      {features.map(({ title, description, Icon }) => (
        <li key={title} className={style.item}>
          <span className={clsx('inline-flex size-10 items-center justify-center rounded-lg', style.icon)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className={style.text}>
            <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
            <p className={clsx('text-sm leading-6 text-slate-600', look === 'card' ? 'mt-2' : 'mt-1')}>{description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
