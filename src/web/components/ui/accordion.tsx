import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

export type AccordionItem = { question: string; answer: ReactNode };

type AccordionProps = {
  items: AccordionItem[];
  /** The heading level of each question, so the outline of the page stays correct where the accordion sits. */
  headingLevel?: 3 | 4;
  className?: string;
};

/**
 * The WAI-ARIA accordion pattern: each question is a button inside a heading that says whether its answer is shown
 * and points to it; answers are regions named by their question. Any number of answers can be open at once. Written
 * out rather than taken from Radix because it is on the landing page, where every kilobyte of script counts.
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const baseId = useId();
  const [openItems, setOpenItems] = useState<ReadonlySet<number>>(new Set());
  const Heading = `h${headingLevel}` as const;

  const toggle = (index: number) =>
    setOpenItems((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className={clsx('divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white', className)}>
      {items.map((item, index) => {
        const open = openItems.has(index);
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question}>
            <Heading className="text-base font-semibold text-slate-900">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left hover:text-indigo-700 sm:px-6"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={clsx('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-sm leading-6 text-slate-600 sm:px-6"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
