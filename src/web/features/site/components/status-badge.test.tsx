import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { degradedBody, healthyBody, jsonResponse, renderRoutes, stubFetch } from '#web/testing/test-utils';
import { StatusBadge } from './status-badge';

function renderBadge() {
  return renderRoutes([{ path: '/', Component: StatusBadge }]);
}

describe('StatusBadge', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says it is checking until the health answer arrives', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderBadge();

    expect((await screen.findByRole('status')).textContent).toBe('Checking status…');
  });

  it('reports all systems operational when the server is healthy', async () => {
    const fetchMock = stubFetch(() => jsonResponse(healthyBody));
    renderBadge();

    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('All systems operational');
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('reports degraded performance from the body of a 503 answer', async () => {
    stubFetch(() => jsonResponse(degradedBody, 503));
    renderBadge();

    expect(await screen.findByText('Degraded performance')).toBeTruthy();
  });

  it('reports the status as unavailable when the request fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderBadge();

    expect(await screen.findByText('Status unavailable')).toBeTruthy();
  });

  it('reports the status as unavailable when the answer is not a health report', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    renderBadge();

    expect(await screen.findByText('Status unavailable')).toBeTruthy();
  });
});
