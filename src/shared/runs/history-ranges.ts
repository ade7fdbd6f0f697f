/** The history's time ranges (spec section 2), as `GET /api/runs?range=` spells them. */
export const historyRanges = ['all', '24h', '7d', '30d', 'date'] as const;

export type HistoryRange = (typeof historyRanges)[number];
