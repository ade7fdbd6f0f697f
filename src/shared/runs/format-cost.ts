/**
 * An estimated cost in USD as the product shows it: cents from a dollar up ("$12.34"), two significant digits below
 * ("$0.00042"), since a single run often costs a fraction of a cent; "—" for a model without a price.
 */
export function formatCostUsd(costUsd: number | null | undefined): string {
  if (costUsd === null || costUsd === undefined) return '—';
  if (costUsd === 0) return '$0.00';
  const options: Intl.NumberFormatOptions =
    costUsd >= 1 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumSignificantDigits: 2 };
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options }).format(costUsd);
}

/** "12,345": a token count, "—" when the provider reported none. */
export function formatTokens(tokens: number | null | undefined): string {
  return tokens === null || tokens === undefined ? '—' : tokens.toLocaleString('en-US');
}
