/** A plan's limit rows from `{ feature: limit }`, in the order written; null is unlimited. */
export function planLimits<Feature extends string>(limits: Partial<Record<Feature, number | null>>) {
  return (Object.entries(limits) as [Feature, number | null][]).map(([featureName, limitValue]) => ({ featureName, limitValue }));
}
