import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAuthPage, renderLandingPage, renderPrerenderedPages } from '../prerender-landing';
import { degradedBody, healthyBody, jsonResponse, stubFetch } from '../testing/test-utils';
import { enhanceDrawer } from './drawer';
import { enhanceFaq } from './faq';
import { showCurrentYear, showDeploymentLinks, watchHealth } from './live-values';

/** The page the server sends visitors (the build's pre-rendered markup), for the parts of enhance-landing.ts to work on. */
function showVisitorLandingPage(): Element {
  document.body.innerHTML = `<div id="root">${renderLandingPage('visitor')}</div>`;
  const page = document.getElementById('root')?.firstElementChild;
  if (!page) throw new Error('the landing page rendered nothing');
  return page;
}

const footer = () => screen.getByRole('contentinfo');

describe('the landing page for visitors before the app starts', () => {
  beforeEach(() => {
    // happy-dom has no media queries of its own: a phone-sized window.
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    document.documentElement.style.removeProperty('overflow');
  });

  it('shows the signed-out header and Promptcron’s own links before any script has run', () => {
    showVisitorLandingPage();
    const header = screen.getByRole('banner');
    for (const link of ['Features', 'FAQ', 'Sign In', 'Get Started']) expect(within(header).getByRole('link', { name: link })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Join Waitlist/ }).getAttribute('href')).toBe('https://promptcron.com/waitlist');
    expect(within(footer()).getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/promptcron');
    expect(within(footer()).getByRole('status').textContent).toBe('Checking status…');
  });

  it('opens and closes the FAQ answers', async () => {
    showVisitorLandingPage();
    enhanceFaq(document.getElementById('faq') as Element);
    const question = screen.getByRole('button', { name: 'How are results delivered?' });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(answer.hidden).toBe(true);

    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(answer.textContent).toContain('Standard Webhooks');
    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
  });

  it('opens the phone menu with focus inside, and closes it on Escape, on a link and on its close button', async () => {
    const page = showVisitorLandingPage();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    enhanceDrawer(menuButton as HTMLButtonElement, () => page.isConnected);
    const drawer = screen.getByRole('dialog', { hidden: true });
    expect(drawer.hidden).toBe(true);

    await userEvent.click(menuButton);
    expect(drawer.hidden).toBe(false);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(drawer.hidden).toBe(true);
    expect(document.activeElement).toBe(menuButton);
    expect(document.documentElement.style.overflow).toBe('');

    await userEvent.click(menuButton);
    const faqLink = within(drawer).getByRole('link', { name: 'FAQ' });
    faqLink.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(faqLink);
    expect(drawer.hidden).toBe(true);

    await userEvent.click(menuButton);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(drawer.hidden).toBe(true);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('reports the health of the server in the footer', async () => {
    const page = showVisitorLandingPage();
    stubFetch(() => jsonResponse(healthyBody));
    watchHealth(within(footer()).getByRole('status'), () => page.isConnected);
    await waitFor(() => expect(within(footer()).getByRole('status').textContent).toBe('All systems operational'));
  });

  it('reports degraded performance from a 503 with a health body, and unavailable for anything else', async () => {
    const page = showVisitorLandingPage();
    stubFetch(() => jsonResponse(degradedBody, 503));
    watchHealth(within(footer()).getByRole('status'), () => page.isConnected);
    await waitFor(() => expect(within(footer()).getByRole('status').textContent).toBe('Degraded performance'));

    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    watchHealth(within(footer()).getByRole('status'), () => page.isConnected);
    await waitFor(() => expect(within(footer()).getByRole('status').textContent).toBe('Status unavailable'));
  });

  it('swaps in the deployment’s own waitlist and profile links', async () => {
    const page = showVisitorLandingPage();
    stubFetch(() =>
      jsonResponse({
        waitlistUrl: 'https://forms.example.com/waitlist',
        supportEmail: 'help@example.com',
        social: { x: 'https://x.com/example', linkedin: 'https://www.linkedin.com/company/example', github: 'https://github.com/example' },
      }),
    );
    await showDeploymentLinks(page);
    expect(screen.getByRole('link', { name: /Join Waitlist/ }).getAttribute('href')).toBe('https://forms.example.com/waitlist');
    expect(within(footer()).getByRole('link', { name: 'X' }).getAttribute('href')).toBe('https://x.com/example');
    expect(within(footer()).getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/example');
  });

  it('swaps the deployment’s own support address into the pre-rendered contact page (ADR 0111)', async () => {
    const contact = (await renderPrerenderedPages()).find(({ path }) => path === '/contact');
    document.body.innerHTML = `<div id="root">${contact?.page.markup ?? ''}</div>`;
    const page = document.getElementById('root')?.firstElementChild;
    if (!page) throw new Error('the contact page rendered nothing');
    const address = within(screen.getByRole('main')).getByRole('link', { name: 'support@promptcron.com' });
    stubFetch(() => jsonResponse({ waitlistUrl: 'https://forms.example.com/waitlist', supportEmail: 'help@example.com', social: {} }));
    await showDeploymentLinks(page);
    expect(address.textContent).toBe('help@example.com');
    expect(address.getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('shows the current year in the copyright line, whatever year the page was built in', () => {
    showVisitorLandingPage();
    const copyright = within(footer()).getByText(/^© \d{4} Promptcron/);
    copyright.textContent = '© 2001 Promptcron. All rights reserved.';
    showCurrentYear(footer());
    expect(copyright.textContent).toBe(`© ${new Date().getFullYear()} Promptcron. All rights reserved.`);
  });
});

describe('the sign-in and sign-up pages for visitors before the app starts (ADR 0054)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('show their forms as a signed-out visitor sees them, not the spinner of a session still being checked', () => {
    document.body.innerHTML = `<div id="root">${renderAuthPage('/login')}</div>`;
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('name')).toBe('email');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();

    document.body.innerHTML = `<div id="root">${renderAuthPage('/register')}</div>`;
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I agree to the/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });
});
