import { z } from 'zod';
import { monthlyBudgetSchema } from './monthly-budget.schema';

/**
 * The acting workspace's monthly budget over all its runs (ADR 0141), as `GET /api/budget` answers it and
 * `PUT /api/budget` takes it: null for none.
 */
export const workspaceBudgetSchema = z
  .object({ budget: monthlyBudgetSchema.nullable() })
  .meta({ id: 'WorkspaceBudget', description: "The workspace's monthly budget; null for none" });

export type WorkspaceBudget = z.output<typeof workspaceBudgetSchema>;
