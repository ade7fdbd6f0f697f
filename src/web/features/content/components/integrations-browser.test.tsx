import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#web/testing/test-utils';
import { integrationsInTab, IntegrationsBrowser } from './integrations-browser';

function cardNames(): string[] {
  return within(screen.getByRole('tabpanel'))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '');
}

describe('IntegrationsBrowser', () => {
  it('lists every integration under All, with the request button', async () => {
    renderRoutes([{ path: '/', element: <IntegrationsBrowser setupTo="/dashboard/tasks/new" requestTo="/contact" /> }]);

    await screen.findByRole('tabpanel');
    expect(cardNames()).toEqual(['OpenAI GPT Models', 'Email', 'Webhooks', 'Slack', 'Discord', 'Database Connector', 'Zapier']);
    expect(screen.getByRole('link', { name: 'Request New Integration' }).getAttribute('href')).toBe('/contact');
  });

  it('filters by category tab and offers the request only on All', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <IntegrationsBrowser setupTo="/dashboard/tasks/new" requestTo="/contact" /> }]);

    await user.click(await screen.findByRole('tab', { name: 'AI Services' }));
    expect(cardNames()).toEqual(['OpenAI GPT Models']);
    expect(screen.queryByRole('link', { name: 'Request New Integration' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'External Systems' }));
    expect(cardNames()).toEqual(['Webhooks', 'Zapier']);
  });

  it('enables Setup only for available integrations', async () => {
    renderRoutes([{ path: '/', element: <IntegrationsBrowser setupTo="/dashboard/tasks/new" requestTo="/contact" /> }]);

    expect((await screen.findByRole('link', { name: 'Setup Email' })).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(screen.getByRole('link', { name: 'Setup Slack' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(screen.getByRole('link', { name: 'Setup Discord' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect((screen.getByRole('button', { name: 'Setup Zapier' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Documentation for Zapier' }).getAttribute('href')).toBe('/docs/integrations/zapier');
  });

  it('keeps every category of the catalogue reachable through a tab', () => {
    expect(integrationsInTab('notification').map((entry) => entry.id)).toEqual(['email', 'slack', 'discord']);
    expect(integrationsInTab('storage').map((entry) => entry.id)).toEqual(['database']);
  });
});
