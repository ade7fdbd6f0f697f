import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '#test/fixtures';
import { jsonResponse, stubFetch } from '../testing/test-utils';
import {
  getSession,
  meQueryKey,
  sessionGoneGraceMs,
  sessionRefreshDelayMs,
  sessionRefreshLeadMs,
  useSessionRefresh,
  useSignOut,
} from './auth';

const minute = 60_000;
const now = new Date('2030-01-01T00:00:00Z').getTime();

function sessionBody(expiresAt: number | string) {
  return { session: { id: 's1', expiresAt }, user: { id: testUser.id } };
}

function renderWithQueryClient<T>(hook: () => T, queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(hook, { wrapper });
}

function signedInClient(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, testUser);
  return queryClient;
}

describe('sessionRefreshDelayMs', () => {
  it('waits until 5 minutes before the expiry', () => {
    expect(sessionRefreshLeadMs).toBe(5 * minute);
    expect(sessionRefreshDelayMs(new Date(now + 60 * minute), now)).toBe(55 * minute);
  });

  it('is immediate when that moment has passed', () => {
    expect(sessionRefreshDelayMs(new Date(now + 2 * minute), now)).toBe(0);
    expect(sessionRefreshDelayMs(new Date(now - minute), now)).toBe(0);
  });

  it('stays within what setTimeout can wait', () => {
    expect(sessionRefreshDelayMs(new Date(now + 365 * 24 * 60 * minute), now)).toBe(2 ** 31 - 1);
  });
});

describe('getSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads an ISO expiry, and one in seconds or milliseconds since the epoch', async () => {
    const expiresAt = now + 60 * minute;
    for (const value of [new Date(expiresAt).toISOString(), expiresAt / 1000, expiresAt]) {
      stubFetch(() => jsonResponse(sessionBody(value)));
      await expect(getSession()).resolves.toEqual({ expiresAt: new Date(expiresAt) });
    }
  });

  it('answers null without a session', async () => {
    stubFetch(() => jsonResponse(null));
    await expect(getSession()).resolves.toBeNull();
    stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Not signed in' } }, 401));
    await expect(getSession()).resolves.toBeNull();
  });
});

describe('useSessionRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const sessionCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/get-session').length;

  it('asks for the session once signed in, then again 5 minutes before each expiry', async () => {
    let expiresAt = now + 60 * minute;
    const fetchMock = stubFetch(() => jsonResponse(sessionBody(new Date(expiresAt).toISOString())));
    renderWithQueryClient(() => useSessionRefresh(() => {}), signedInClient());

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sessionCalls(fetchMock)).toBe(1);

    // The server extends the session on the refresh, so the next one is scheduled from the new expiry.
    expiresAt = now + 120 * minute;
    await act(() => vi.advanceTimersByTimeAsync(55 * minute - 1));
    expect(sessionCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sessionCalls(fetchMock)).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(60 * minute - 1));
    expect(sessionCalls(fetchMock)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sessionCalls(fetchMock)).toBe(3);
  });

  it('refreshes at once when the session is already inside the last 5 minutes', async () => {
    let expiresAt = now + 2 * minute;
    const fetchMock = stubFetch(() => {
      const body = sessionBody(new Date(expiresAt).toISOString());
      expiresAt = Date.now() + 60 * minute;
      return jsonResponse(body);
    });
    renderWithQueryClient(() => useSessionRefresh(() => {}), signedInClient());

    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sessionCalls(fetchMock)).toBe(2);
  });

  it('does nothing while signed out', async () => {
    const fetchMock = stubFetch(() => jsonResponse(null));
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQueryKey, null);
    renderWithQueryClient(() => useSessionRefresh(() => {}), queryClient);

    await act(() => vi.advanceTimersByTimeAsync(60 * minute));
    expect(sessionCalls(fetchMock)).toBe(0);
  });

  it('only logs a failure, as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const fetchMock = stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Database unavailable' } }, 503));
    renderWithQueryClient(() => useSessionRefresh(() => {}), signedInClient());

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(warn).toHaveBeenCalledWith('Session refresh failed', expect.anything());
    expect(error).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(24 * 60 * minute));
    expect(sessionCalls(fetchMock)).toBe(1);
  });

  it('ends a session found gone elsewhere, after giving the live stream a moment to say why', async () => {
    stubFetch(() => jsonResponse(null));
    const onSessionGone = vi.fn();
    renderWithQueryClient(() => useSessionRefresh(onSessionGone), signedInClient());

    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(sessionGoneGraceMs - 1));
    expect(onSessionGone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSessionGone).toHaveBeenCalledTimes(1);
  });

  it('leaves a session the live stream ended meanwhile to it', async () => {
    stubFetch(() => jsonResponse(null));
    const onSessionGone = vi.fn();
    const queryClient = signedInClient();
    renderWithQueryClient(() => useSessionRefresh(onSessionGone), queryClient);

    await act(() => vi.advanceTimersByTimeAsync(0));
    // The stream's session-ended event, with its reason, arrives first (lib/session-end.ts).
    act(() => queryClient.setQueryData(meQueryKey, null));
    await act(() => vi.advanceTimersByTimeAsync(sessionGoneGraceMs));
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('stops on sign-out and on unmount', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/sign-out' ? jsonResponse({ success: true }) : jsonResponse(sessionBody(now + 60 * minute)),
    );
    const queryClient = signedInClient();
    const { result, unmount } = renderWithQueryClient(() => {
      useSessionRefresh(() => {});
      return useSignOut();
    }, queryClient);

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sessionCalls(fetchMock)).toBe(1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    await act(() => result.current.mutateAsync());
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(24 * 60 * minute));
    expect(sessionCalls(fetchMock)).toBe(1);

    unmount();
  });

  it('clears its timer on unmount', async () => {
    const fetchMock = stubFetch(() => jsonResponse(sessionBody(now + 60 * minute)));
    const { unmount } = renderWithQueryClient(() => useSessionRefresh(() => {}), signedInClient());

    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(24 * 60 * minute));
    expect(sessionCalls(fetchMock)).toBe(1);
  });
});

describe('useSignOut', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('forgets the previous user’s data and marks the app signed out', async () => {
    stubFetch(() => jsonResponse({ success: true }));
    const queryClient = signedInClient();
    queryClient.setQueryData(['tasks'], ['a task']);
    const { result } = renderWithQueryClient(() => useSignOut(), queryClient);

    await act(() => result.current.mutateAsync());

    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['tasks'])).toBeUndefined();
  });
});
