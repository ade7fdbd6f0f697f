import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '#web/lib/api-client';

/** Only the parts of the OpenAPI document the reference page shows; everything else in it is ignored. */
const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** Alternatives, each a map of scheme name to scopes: `[{ session: [] }, { apiKey: ['write'] }]`. */
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  requestBody: z.unknown().optional(),
});

const openApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The security scheme the server declares for API keys (`Authorization: Bearer pc_…`); see src/server/app.ts. */
const apiKeyScheme = 'apiKey';

export type ApiKeyScope = 'read' | 'write';

export type ApiEndpoint = {
  method: string;
  path: string;
  summary: string;
  /** The scope an API key needs here, or null where only the browser session (or nothing) is accepted. */
  keyScope: ApiKeyScope | null;
  /** The document says no credentials at all (`security: []`): health, the catalogue, plans, unsubscribe links. */
  isPublic: boolean;
  /** Whether the operation takes a JSON body. */
  hasBody: boolean;
};

export type ApiReference = {
  title: string;
  version: string;
  description: string | undefined;
  groups: { tag: string; endpoints: ApiEndpoint[] }[];
};

/** The scope a key needs on a route whose security lists `apiKey`: `write` if it names it, otherwise `read`. */
function keyScopeOf(security: Record<string, string[]>[] = []): ApiKeyScope | null {
  const keyRequirements = security.filter((requirement) => apiKeyScheme in requirement);
  if (keyRequirements.length === 0) return null;
  return keyRequirements.some((requirement) => requirement[apiKeyScheme]?.includes('write')) ? 'write' : 'read';
}

/** Groups the operations by their first tag (untagged ones under "Other"), in the order the document lists them. */
export function toApiReference(document: unknown): ApiReference {
  const { info, paths } = openApiDocumentSchema.parse(document);
  const groups = new Map<string, ApiEndpoint[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of httpMethods) {
      const parsed = operationSchema.safeParse(item[method]);
      if (item[method] === undefined || !parsed.success) continue;
      const tag = parsed.data.tags?.[0] ?? 'Other';
      const endpoint: ApiEndpoint = {
        method: method.toUpperCase(),
        path,
        summary: parsed.data.summary ?? parsed.data.description ?? '',
        keyScope: keyScopeOf(parsed.data.security),
        isPublic: parsed.data.security?.length === 0,
        hasBody: parsed.data.requestBody !== undefined,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), endpoint]);
    }
  }
  return {
    title: info.title,
    version: info.version,
    description: info.description,
    groups: [...groups].map(([tag, endpoints]) => ({ tag, endpoints })),
  };
}

export function apiReferenceQueryOptions() {
  return queryOptions({
    queryKey: ['openapi-document'],
    queryFn: async ({ signal }) => toApiReference(await apiClient.get('/api/openapi.json', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useApiReference() {
  return useQuery(apiReferenceQueryOptions());
}
