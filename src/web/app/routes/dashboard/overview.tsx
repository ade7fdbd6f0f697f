import { Bell, CalendarClock, ChevronRight, Plus, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { accountDisplayName } from '../../../lib/account';
import { useAuth } from '../../../lib/auth';

const nextSteps: { label: string; description: string; to: string; icon: LucideIcon }[] = [
  {
    label: 'Create a task',
    description: 'Write a prompt, pick a model and a schedule, and choose where the result goes.',
    to: paths.dashboardNewTask,
    icon: Sparkles,
  },
  {
    label: 'Set your default schedule',
    description: 'New tasks start with this frequency, time and time zone.',
    to: `${paths.dashboardSettings}?tab=schedule`,
    icon: CalendarClock,
  },
  {
    label: 'Choose your notifications',
    description: 'Decide which e-mails you get about completed and failed runs.',
    to: `${paths.dashboardSettings}?tab=notifications`,
    icon: Bell,
  },
];

/** The dashboard's start page. Stat cards and run lists arrive with the tasks API; until then nothing is made up. */
export function DashboardOverviewRoute() {
  const auth = useAuth();
  const name = auth.status === 'signed-in' ? accountDisplayName(auth.user) : undefined;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="truncate text-2xl font-bold tracking-tight text-slate-900">{name ? `Welcome back, ${name}` : 'Welcome back'}</h2>
          <p className="mt-1 text-slate-600">Run AI prompts on a schedule and get the results by e-mail or webhook.</p>
        </div>
        <Link to={paths.dashboardNewTask} className={buttonClassName({ className: 'self-start sm:self-auto' })}>
          <Plus aria-hidden="true" className="size-4" />
          New Task
        </Link>
      </div>

      <section aria-labelledby="next-steps-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 id="next-steps-heading" className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">
          Get started
        </h3>
        <ul className="divide-y divide-slate-100">
          {nextSteps.map(({ label, description, to, icon: Icon }) => (
            <li key={label}>
              <Link to={to} className="group flex items-center gap-4 px-5 py-4 transition-colors hover:bg-slate-50 focus-visible:outline-offset-[-2px] sm:px-6">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium text-slate-900">{label}</span>
                  <span className="text-sm text-slate-600">{description}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
