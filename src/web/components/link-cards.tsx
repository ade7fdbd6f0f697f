import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

export type LinkCard = { to: string; title: string; description: string; icon: LucideIcon };

/** Pages one click away as a grid of cards, each with an icon, the page's title and what it is for. */
export function LinkCards({ cards }: { cards: LinkCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <span className="flex flex-col gap-1">
              <span className="font-semibold text-slate-900">{title}</span>
              <span className="text-sm text-slate-600">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
