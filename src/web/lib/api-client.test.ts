import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/test-utils';
import { ApiError, apiClient } from './api-client';

describe('apiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 1 }, 201));

    await expect(apiClient.post('/api/tasks', { name: 'Digest' })).resolves.toEqual({ id: 1 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/tasks');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"Digest"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it("throws an ApiError carrying the status, code and the server's message", async () => {
    const body = { error: { code: 'conflict', message: 'Task already running' } };
    stubFetch(() => jsonResponse(body, 409));

    const error = await apiClient.get('/api/tasks/1').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Task already running', body });
  });

  it('falls back to a generic message when the error body is not ours', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(apiClient.get('/api/health')).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: 'Request failed with status 502',
      body: null,
    });
  });

  it('returns null for an empty success body', async () => {
    stubFetch(() => new Response(null, { status: 204 }));

    await expect(apiClient.delete('/api/tasks/1')).resolves.toBeNull();
  });
});
