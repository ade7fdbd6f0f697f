import type { AppRouter, startApp } from '../app/start-app';

/*
 * Starting the SPA from the pre-rendered landing page (ADR 0013). The SPA's code loads on the first sign that the
 * visitor is about to leave the page (pointing at, pressing or focusing a link to another page), so by the click it
 * is usually there, and the click becomes a client-side navigation. Until the SPA has rendered, links stay ordinary
 * links: if its code cannot load, the browser just follows them.
 */

let started: Promise<AppRouter> | undefined;
let pointerPressed = false;

/** React replaces the static page when it renders; a press that began on the old page would lose its click. */
function afterPointerRelease(): Promise<void> {
  if (!pointerPressed) return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      // The click follows pointerup in the same task; the handover waits until it has been handled.
      setTimeout(resolve, 0);
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
  });
}

let watchingPresses = false;

/** Keeps track of a press in progress, which the SPA waits out before it replaces the page (afterPointerRelease). */
export function watchPointerPresses(): void {
  if (watchingPresses) return;
  watchingPresses = true;
  document.addEventListener('pointerdown', () => (pointerPressed = true), { capture: true, passive: true });
  document.addEventListener('pointerup', () => (pointerPressed = false), { passive: true });
  document.addEventListener('pointercancel', () => (pointerPressed = false), { passive: true });
}

/**
 * Loads and starts the SPA, once. By default for a visitor: the pre-rendered public pages are sent only to requests
 * without a session (ADR 0013); the signed-in overview passes the queries it was rendered from (ADR 0057).
 */
export function startSpa(options: Parameters<typeof startApp>[0] = { visitor: true }): Promise<AppRouter> {
  started ??= import('../app/start-app').then(async ({ startApp }) => {
    await afterPointerRelease();
    return startApp(options);
  });
  return started;
}

/** An ordinary same-tab link to another page of this site: following it is when the SPA is needed. */
function linkLeavingLanding(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link || !link.href || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  return url.origin === location.origin && url.pathname !== location.pathname ? link : null;
}

/** Starts the SPA on intent and hands it the navigation; `isActive` turns false once the SPA has rendered. */
export function startSpaOnIntent(isActive: () => boolean): void {
  const onIntent = (event: Event) => {
    if (isActive() && linkLeavingLanding(event.target)) void startSpa();
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('pointerdown', onIntent, { passive: true });
  watchPointerPresses();

  document.addEventListener('click', (event) => {
    if (!isActive() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = linkLeavingLanding(event.target);
    if (!link) return;
    event.preventDefault();
    const url = new URL(link.href);
    startSpa().then(
      (router) => router.navigate(`${url.pathname}${url.search}${url.hash}`),
      // Without the SPA the link still works, as a full page load.
      () => location.assign(url.href),
    );
  });
}
