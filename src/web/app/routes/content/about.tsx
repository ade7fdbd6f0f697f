import { clsx } from 'clsx';
import { Briefcase, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { ContentPage, ContentSection, Prose } from '#web/features/content/components/content-page';

const values = [
  {
    title: 'Reliability first',
    text: 'A scheduled task that silently does nothing is worse than none. Every run, skip and delivery attempt is recorded, and a failing task tells its owner.',
  },
  { title: 'Honest about what works', text: 'We mark what is available and what is planned, and we say which providers need an API key.' },
  {
    title: 'Your data is yours',
    text: 'Tasks, prompts and results are visible only to their owner, and the site sets no tracking cookies.',
  },
  { title: 'Simple to run', text: 'One command starts the whole product on one machine; the same code scales out on PostgreSQL.' },
];

const team = [
  { title: 'Product & design', text: 'Decides what Promptcron does next, from the task form to the guides.' },
  { title: 'Engineering', text: 'Builds the scheduler, the workers, delivery and the web app.' },
  { title: 'Support', text: 'Answers your questions and turns them into fixes and documentation.' },
];

/** Values and team roles as a grid of titled cards. */
function Cards({ items, className }: { items: { title: string; text: string }[]; className: string }) {
  return (
    <ul className={clsx('grid gap-4', className)}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-1 text-sm leading-6 text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function AboutRoute() {
  return (
    <ContentPage
      eyebrow="About Us"
      title="About Promptcron"
      description="Why we build Promptcron, what we believe in, and how to work with us."
    >
      <ContentSection title="Our story">
        <Prose
          paragraphs={[
            'Promptcron started with a handful of prompts we kept pasting into a chat window every morning: the news in our field, a summary of open issues, a draft of the weekly update. The answers were useful; the copying and pasting was not.',
            'So we built a scheduler for prompts: write it once, choose when it runs, and get the answer where you work — by e-mail, in Slack or Discord, or at your own webhook.',
          ]}
        />
      </ContentSection>
      <ContentSection title="Our mission">
        <Prose paragraphs={['To make the AI prompts people rely on run by themselves, on time, with results they can trust and verify.']} />
      </ContentSection>
      <ContentSection title="Our vision">
        <Prose
          paragraphs={[
            'Recurring knowledge work — briefings, reports, checks — done by AI on a schedule, delivered into the tools people already use, with every run accounted for.',
          ]}
        />
      </ContentSection>
      <ContentSection title="Our values">
        <Cards items={values} className="sm:grid-cols-2" />
      </ContentSection>
      <ContentSection title="Our team">
        <Prose paragraphs={['We are a small, remote team of engineers and designers in Germany.']} />
        <Cards items={team} className="mt-4 sm:grid-cols-3" />
      </ContentSection>
      <ContentSection title="Work with us" id="open-positions">
        <Prose
          paragraphs={[
            'We hire engineers who enjoy reliable back-end systems and thoughtful interfaces. Write to us with what you would like to work on.',
          ]}
        />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.contact} className={buttonClassName()}>
            <Briefcase aria-hidden="true" className="size-4" />
            View Open Positions
          </Link>
          <Link to={paths.contact} className={buttonClassName({ variant: 'secondary' })}>
            <Mail aria-hidden="true" className="size-4" />
            Contact Us
          </Link>
        </div>
      </ContentSection>
    </ContentPage>
  );
}
