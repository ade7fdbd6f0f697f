/** What the footer's status badge says for each state of /api/health; shared with the landing page's script (ADR 0013). */
export type BadgeState = 'checking' | 'ok' | 'degraded' | 'unavailable';

export const statusAppearance: Record<BadgeState, { label: string; dot: string }> = {
  checking: { label: 'Checking status…', dot: 'bg-slate-300' },
  ok: { label: 'All systems operational', dot: 'bg-emerald-500' },
  degraded: { label: 'Degraded performance', dot: 'bg-amber-500' },
  unavailable: { label: 'Status unavailable', dot: 'bg-slate-400' },
};

/** How often the badge asks again. */
export const healthRefetchIntervalMs = 60_000;
