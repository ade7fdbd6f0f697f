import { counterpart, whenThere } from './keep-focus';
import { startSpa } from './start-spa';

/*
 * The buttons of a pre-rendered content page (ADR 0111): the blog's Load More Articles, the guides' tabs. They are
 * the SPA's own markup, but nothing runs them until the SPA has started, which it does on the first sign that the
 * visitor is about to use one (pointing at, pressing or focusing it). A press made before the SPA was there is held
 * and made again on the same button of the live page. The forms' buttons are form-handover.ts's, the FAQ's
 * enhance-landing's own, the header's and the phone menu's are outside the page's main.
 */

export function handOverButtons(page: Element): void {
  const root = page.parentElement;
  const main = page.querySelector('main');
  if (!root || !main) return;
  const staticParts = [...root.children];
  const isActive = () => page.isConnected;
  const pageButton = (target: EventTarget | null) => {
    const button = target instanceof Element ? target.closest('button') : null;
    return button && !button.closest('form, #faq') ? button : null;
  };

  let pressed: HTMLButtonElement | null = null;
  let observing = false;
  const start = () => {
    if (!isActive() || observing) return;
    observing = true;
    // React replaces the static page in one commit; the held press is made once its button is there.
    const observer = new MutationObserver(() => {
      if (isActive()) return;
      observer.disconnect();
      const button = pressed;
      pressed = null;
      if (button) whenThere(() => counterpart(button, staticParts, root), pressLive);
    });
    observer.observe(root, { childList: true });
    void startSpa().catch(() => {
      observer.disconnect();
      observing = false;
    });
  };

  for (const type of ['pointerover', 'pointerdown', 'focusin'] as const) {
    main.addEventListener(type, (event) => pageButton(event.target) && start(), { passive: true });
  }
  main.addEventListener('click', (event) => {
    const button = pageButton(event.target);
    if (!isActive() || !button || button.disabled) return;
    event.preventDefault();
    pressed = button;
    start();
  });
}

/** Radix's tabs switch on focus and on a press (mousedown), not on click; other buttons act on click. */
function pressLive(button: HTMLElement): void {
  button.focus();
  if (button.getAttribute('role') !== 'tab') button.click();
}
