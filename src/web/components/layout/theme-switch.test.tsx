import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '#test/fixtures';
import { enhanceThemeSwitches } from '#web/landing/theme-switch';
import { stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { renderPublicHeader } from './public-header-test-routes';
import { ThemeSwitch } from './theme-switch';

const html = document.documentElement;
const stored = () => localStorage.getItem('promptcron.theme');

function headerSwitch() {
  return within(screen.getByRole('group', { name: 'Theme' }));
}

describe('theme switch', () => {
  afterEach(() => {
    localStorage.clear();
    delete html.dataset.theme;
    return restoreFetchAndDismissToasts();
  });

  it('follows the system until a visitor chooses, then applies and remembers the choice', async () => {
    stubApi({ me: null });
    const { unmount } = renderPublicHeader('/');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Sign In' });
    expect(headerSwitch().getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
    expect(html.dataset.theme).toBeUndefined();

    await user.click(headerSwitch().getByRole('radio', { name: 'Dark' }));
    expect(html.dataset.theme).toBe('dark');
    expect(stored()).toBe('dark');
    expect(headerSwitch().getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);

    // The next visit shows what was chosen.
    unmount();
    renderPublicHeader('/');
    await screen.findByRole('link', { name: 'Sign In' });
    expect(headerSwitch().getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);

    await user.click(headerSwitch().getByRole('radio', { name: 'System' }));
    expect(html.dataset.theme).toBeUndefined();
    expect(stored()).toBeNull();
  });

  it('offers the theme in the account menu of a signed-in user', async () => {
    stubApi({ me: testUser });
    renderPublicHeader('/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const themes = within(within(menu).getByRole('group', { name: 'Theme' }));
    expect(themes.getAllByRole('menuitemradio').map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['System', 'true'],
      ['Light', 'false'],
      ['Dark', 'false'],
    ]);

    await user.click(themes.getByRole('menuitemradio', { name: 'Light' }));
    expect(html.dataset.theme).toBe('light');
    expect(stored()).toBe('light');
    await waitFor(() => expect(themes.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true'));
  });

  it('works on the pre-rendered pages without React, keeping every switch in step', async () => {
    localStorage.setItem('promptcron.theme', 'dark');
    // The header's switch and the phone menu's, as the build renders them (with System checked).
    document.body.innerHTML = renderToString(
      <>
        <ThemeSwitch compact />
        <ThemeSwitch />
      </>,
    );
    enhanceThemeSwitches(document.body);
    const [header, drawer] = screen.getAllByRole('group', { name: 'Theme' }).map((group) => within(group));
    expect(header!.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    expect(drawer!.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);

    await userEvent.setup().click(drawer!.getByRole('radio', { name: 'Light' }));
    expect(html.dataset.theme).toBe('light');
    expect(stored()).toBe('light');
    expect(header!.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true);
  });
});
