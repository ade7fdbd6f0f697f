import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { usePageMeta } from '#web/lib/use-page-meta';
import { formatDocumentTitle } from '#web/lib/use-document-title';

type ContentPageProps = {
  /** The page's heading and the first part of the document title. */
  title: string;
  /** One or two sentences: shown under the heading and used as the meta description. */
  description: string;
  /** A small label above the heading; by default the name of the page's parent, if it has one. */
  eyebrow?: string;
  /** The page that "Back" leads to; every content page has one, home unless said otherwise (spec section 2). */
  parent?: ParentPage;
  children: ReactNode;
};

const parentPages = {
  home: { to: paths.home, name: 'Home' },
  docs: { to: paths.docs, name: 'Documentation' },
  guides: { to: paths.guides, name: 'Guides' },
  integrations: { to: paths.integrations, name: 'Integrations' },
  blog: { to: paths.blog, name: 'Blog' },
} as const;

type ParentPage = keyof typeof parentPages;

/** The frame of every public content page: Back to Home, heading, intro, then the page's own sections. */
export function ContentPage({ title, description, eyebrow, parent = 'home', children }: ContentPageProps) {
  usePageMeta({ title: formatDocumentTitle(title), description });
  const back = parentPages[parent];
  const label = eyebrow ?? (parent === 'home' ? undefined : back.name);
  // A label that repeats the heading ("Contact" over "Contact") says nothing twice: only a different one shows.
  const eyebrowText = label && label.toLowerCase() !== title.toLowerCase() ? label : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <Link to={back.to} className={buttonClassName({ variant: 'ghost', size: 'sm', className: '-ml-3.5' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to {back.name}
      </Link>
      <header className="mt-6 max-w-3xl">
        {eyebrowText ? <p className="text-sm font-semibold text-indigo-700">{eyebrowText}</p> : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">{description}</p>
      </header>
      <div className="mt-10 sm:mt-12">{children}</div>
    </div>
  );
}

/** A titled block of a content page. */
export function ContentSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mt-12 first:mt-0 scroll-mt-20">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Running text at a readable measure. */
export function Prose({ paragraphs }: { paragraphs: string[] }) {
  return (
    <div className="flex max-w-3xl flex-col gap-4 text-base leading-7 text-slate-700">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Numbered steps, e.g. a guide's or an integration's setup. */
export function StepList({ steps, className }: { steps: string[]; className?: string }) {
  return (
    <ol className={clsx('max-w-3xl list-decimal space-y-2 pl-6 text-base leading-7 text-slate-700', className)}>
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}
