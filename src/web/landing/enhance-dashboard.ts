import type { DehydratedState } from '@tanstack/react-query';
import { counterpart, keepFocusAcrossHandover, whenThere } from './keep-focus';
import { startSpa, watchPointerPresses } from './start-spa';

/*
 * The only script of /dashboard as the server renders it (ADR 0057). The page is the SPA's own markup with the user's
 * figures, so nothing needs to run before it is used: the SPA starts on the first sign of use (moving the pointer,
 * a touch, a key, scrolling) and renders over the page from the queries it was rendered from. A link followed or a
 * button pressed before then is held and carried out by the SPA, and the focus moves to the same place in its page.
 * A page nobody touches starts it too, once settled (`settledMs`), because only the SPA follows the runs live.
 */

/**
 * How long after loading an untouched, visible overview starts the SPA. The page must follow its runs when left open
 * on a second screen, but the SPA's start is the page's main cost, and once the page has settled it no longer weighs
 * on loading it (nor on Lighthouse's measure, which has finished by then).
 */
const settledMs = 10_000;

/** An ordinary same-tab link to another place of this site (not an in-page anchor such as the skip link). */
function siteLink(target: EventTarget | null): URL | undefined {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link?.href || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href);
  if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return undefined;
  return url;
}

function readPrefetched(): DehydratedState | undefined {
  const text = document.getElementById('prefetched-queries')?.textContent;
  try {
    return text ? (JSON.parse(text) as DehydratedState) : undefined;
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root');
const page = root?.firstElementChild;
if (root && page) {
  const isActive = () => page.isConnected;
  let heldPress: Element | undefined;
  // First: the focus carries over before a held press is carried out.
  keepFocusAcrossHandover(root);
  const staticParts = [...root.children];

  const start = () => {
    if (!isActive()) return Promise.reject(new Error('The SPA has taken over'));
    return startSpa({ prefetched: readPrefetched() });
  };

  // React replaces the static page in one commit; the press carries over before the next event.
  const observer = new MutationObserver(() => {
    if (isActive()) return;
    observer.disconnect();
    const pressed = heldPress;
    if (pressed) whenThere(() => counterpart(pressed, staticParts, root), replayPress);
  });
  observer.observe(root, { childList: true });

  // A hidden tab waits until it is shown: nobody is watching it follow its runs.
  const startWhenSettled = () => {
    if (document.visibilityState !== 'visible') {
      document.addEventListener('visibilitychange', startWhenSettled, { once: true });
      return;
    }
    window.setTimeout(() => void start().catch(() => undefined), settledMs);
  };
  if (document.readyState === 'complete') startWhenSettled();
  else window.addEventListener('load', startWhenSettled, { once: true });

  watchPointerPresses();
  for (const type of ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const) {
    document.addEventListener(type, () => void start().catch(() => undefined), { passive: true, once: true });
  }

  document.addEventListener('click', (event) => {
    if (!isActive() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const url = siteLink(event.target);
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (url) {
      event.preventDefault();
      start().then(
        (router) => router.navigate(`${url.pathname}${url.search}${url.hash}`),
        // Without the SPA the link still works, as a full page load.
        () => location.assign(url.href),
      );
    } else if (button && page.contains(button)) {
      event.preventDefault();
      heldPress = button;
      void start().catch(() => undefined);
    }
  });
}

/**
 * A press held on the static page, carried out on its live counterpart: a menu's trigger opens on pointerdown
 * (Radix), which a click alone would not do, so the account menu took a second click; anything else is clicked.
 */
function replayPress(control: HTMLElement): void {
  if (control.getAttribute('aria-haspopup') === 'menu') {
    control.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }));
  } else {
    control.click();
  }
}
