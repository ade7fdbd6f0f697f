import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { jsonResponse, stubFetch } from '#web/testing/test-utils';
import { isRateLimitError, isRetryableResetError, requestPasswordReset } from './request-password-reset';

const rateLimited = () => jsonResponse({ error: { code: 'rate_limited', message: 'Too many requests' } }, 429);
const noWait = { sleep: () => Promise.resolve(), random: () => 0.5 };

describe('isRetryableResetError', () => {
  it.each([
    ['a rate limit (429)', new ApiError(429, 'Too many requests', 'rate_limited', null), true],
    ['a network failure', new TypeError('Failed to fetch'), true],
    ['our own timeout', new DOMException('The operation timed out.', 'TimeoutError'), true],
    ['a 408 from the server', new ApiError(408, 'Request Timeout', undefined, null), true],
    ['a 504 from a proxy', new ApiError(504, 'Gateway Timeout', undefined, null), true],
    ['a validation error', new ApiError(400, 'Please enter a valid email address.', 'validation_failed', null), false],
    ['a server error', new ApiError(500, 'Internal error', 'internal', null), false],
    ['an unexpected error', new Error('boom'), false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isRetryableResetError(error)).toBe(expected);
  });

  it('tells a rate limit apart for its own message', () => {
    expect(isRateLimitError(new ApiError(429, 'Too many requests', 'rate_limited', null))).toBe(true);
    expect(isRateLimitError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('requestPasswordReset', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the e-mail once when the server accepts it', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ status: true }));

    await requestPasswordReset({ email: 'ada@example.com' }, noWait);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/request-password-reset');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('makes at most 4 attempts while rate-limited, with the spec’s backoff, then fails with the 429', async () => {
    const fetchMock = stubFetch(rateLimited);
    const delays: number[] = [];

    const failure = await requestPasswordReset(
      { email: 'ada@example.com' },
      { sleep: (milliseconds) => (delays.push(milliseconds), Promise.resolve()), random: () => 0.5 },
    ).catch((error: unknown) => error);

    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
  });

  it('recovers when a network failure passes', async () => {
    let attempts = 0;
    const fetchMock = stubFetch(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ status: true });
    });

    await expect(requestPasswordReset({ email: 'ada@example.com' }, noWait)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a validation error', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ error: { code: 'validation_failed', message: 'Please enter a valid email address.' } }, 400),
    );

    await expect(requestPasswordReset({ email: 'ada@example.com' }, noWait)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
