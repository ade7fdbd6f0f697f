import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '#web/lib/toast';
import { stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { renderRoutes } from '#web/testing/test-utils';
import { DeferredToaster } from './deferred-toaster';

describe('the app’s notifications', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('come to rest at the bottom left, away from the header and from the row actions at the tables’ right', async () => {
    stubApi();
    renderRoutes([{ path: '/dashboard', element: <DeferredToaster /> }], { initialPath: '/dashboard' });

    act(() => {
      toast.success('Task deleted');
    });
    const toaster = (await screen.findByText('Task deleted')).closest('[data-sonner-toaster]');
    // Below 600 px sonner spans the bottom whichever side is set: the phone keeps its place (e2e/toast-placement).
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster?.getAttribute('data-x-position')).toBe('left');
  });
});
