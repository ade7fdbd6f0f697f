/** A catch-up window in words (ADR 0117): "None", "1 hour", "2 hours 30 minutes", "7 days". */
export function catchUpWindowText(seconds: number): string {
  if (seconds === 0) return 'None';
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor((seconds % 86_400) / 3_600), 'hour'],
    [Math.floor((seconds % 3_600) / 60), 'minute'],
    [seconds % 60, 'second'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(' ');
}
