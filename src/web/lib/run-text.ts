import { formatDuration } from '#shared/runs/format-duration';

/** Spec section 9: result previews stop at 100 characters. */
export const resultPreviewLength = 100;

/** The first 100 characters (not UTF-16 halves of one), with "…" when there was more. */
export function previewText(text: string, length = resultPreviewLength): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text;
}

type RunTimes = { completedAt?: string | null; startedAt?: string | null; durationMs?: number | null };

/** Spec section 4: "In progress" until the run has completed; the server's duration, else the one its times give. */
export function runDurationText(run: RunTimes): string {
  if (!run.completedAt) return formatDuration(null);
  if (typeof run.durationMs === 'number') return formatDuration(run.durationMs);
  const derived = run.startedAt ? Date.parse(run.completedAt) - Date.parse(run.startedAt) : Number.NaN;
  return Number.isFinite(derived) && derived >= 0 ? formatDuration(derived) : '—';
}
