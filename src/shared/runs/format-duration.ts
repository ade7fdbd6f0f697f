/**
 * Spec section 9: "In progress" until a run completes; milliseconds below a second; seconds with one decimal below a
 * minute; otherwise minutes and seconds.
 */
export function formatDuration(durationMs: number | null): string {
  if (durationMs === null) return 'In progress';
  if (durationMs < 1000) return `${Math.round(durationMs)}ms`;
  if (durationMs < 60_000) return `${(Math.floor(durationMs / 100) / 10).toFixed(1)}s`;
  const totalSeconds = Math.floor(durationMs / 1000);
  return `${Math.floor(totalSeconds / 60)}m ${totalSeconds % 60}s`;
}
