import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { degradedBody, healthyBody, jsonResponse, stubFetch } from '#web/testing/test-utils';
import { getHealth } from './get-health';

describe('getHealth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the health report', async () => {
    stubFetch(() => jsonResponse(healthyBody));
    await expect(getHealth()).resolves.toEqual(healthyBody);
  });

  it('treats a 503 with a health body as a degraded answer, not a failure', async () => {
    stubFetch(() => jsonResponse(degradedBody, 503));
    await expect(getHealth()).resolves.toEqual(degradedBody);
  });

  it('still fails on a 503 without a health body', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'unavailable', message: 'Shutting down' } }, 503));
    await expect(getHealth()).rejects.toBeInstanceOf(ApiError);
  });

  it('rejects a success body that does not match the schema', async () => {
    stubFetch(() => jsonResponse({ status: 'fine' }));
    await expect(getHealth()).rejects.toThrow();
  });
});
