import { z } from 'zod';
import { providerIds } from './catalog';

/** `GET /api/catalog`: the static catalogue (`./catalog`), with which providers this server can use. */

export const catalogModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  webSearch: z.boolean(),
  isNew: z.boolean(),
  fixedTemperature: z.boolean(),
  structuredOutput: z.boolean().meta({ description: 'The model can follow a task’s `outputSchema` (ADR 0119)' }),
  price: z
    .object({ inputPerMillion: z.number(), outputPerMillion: z.number() })
    .optional()
    .meta({ description: 'USD per million input and output tokens, as the provider priced them on `pricesTakenOn`; absent when unknown' }),
});

export const catalogProviderSchema = z.object({
  id: z.enum(providerIds),
  name: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  defaultModel: z.string(),
  models: z.array(catalogModelSchema),
});

export const catalogResponseSchema = z.object({ providers: z.array(catalogProviderSchema) });

export type CatalogModel = z.infer<typeof catalogModelSchema>;
export type CatalogProvider = z.infer<typeof catalogProviderSchema>;
