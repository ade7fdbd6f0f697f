import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogRoute } from '#web/app/routes/content/blog';
import { ContactRoute } from '#web/app/routes/content/contact';
import { PrivacyRoute } from '#web/app/routes/content/privacy';
import { stubApi } from '#web/testing/api-stubs';
import { renderRoutes } from '#web/testing/test-utils';

/** The text of the page's header: the label above the heading, the heading, the intro. */
async function headerLines(heading: string) {
  const h1 = await screen.findByRole('heading', { level: 1, name: heading });
  return [...(h1.closest('header')?.children ?? [])].map((line) => line.textContent);
}

describe('a content page’s header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['Contact', ContactRoute, '/contact'],
    ['Blog', BlogRoute, '/blog'],
  ])('names the %s page once, not as a label above a heading that says the same', async (title, Component, path) => {
    stubApi({ me: null });
    renderRoutes([{ path, Component }], { initialPath: path });

    const lines = await headerLines(title);
    expect(lines.filter((line) => line === title)).toHaveLength(1);
    expect(lines).toHaveLength(2);
  });

  it('keeps a label that says something the heading does not', async () => {
    stubApi({ me: null });
    renderRoutes([{ path: '/privacy', Component: PrivacyRoute }], { initialPath: '/privacy' });

    expect((await headerLines('Privacy Policy'))[0]).toBe('Legal');
  });
});
