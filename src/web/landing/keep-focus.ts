/*
 * The SPA renders over a page the server sent (the pre-rendered public pages, ADR 0013; the signed-in overview,
 * ADR 0057) by replacing it, and an element that is replaced loses the focus: a keyboard user who had tabbed to a
 * link found the focus back on the page's body, and Enter did nothing. The live page shows the same controls, so the
 * same control in it takes the focus over. (Form fields carry their own focus and caret over: form-handover.ts.)
 */

const interactive = 'a[href], button';

/** What tells a control apart for the reader: its kind, name and target. */
function signature(element: Element): string {
  return [element.tagName, element.getAttribute('aria-label') ?? element.textContent?.trim(), element.getAttribute('href')].join('|');
}

/**
 * The live page's control for one of the static page's: the same kind, name and target, counted among its like.
 * Not by position: some controls differ between the two until their code arrives (the account menu's trigger).
 */
export function counterpart(element: Element, staticParts: Element[], root: Element): HTMLElement | undefined {
  const alike = (scopes: Element[]) =>
    scopes
      .flatMap((scope) => [...scope.querySelectorAll<HTMLElement>(interactive)])
      .filter((control) => signature(control) === signature(element));
  return alike([root])[alike(staticParts).indexOf(element as HTMLElement)];
}

/**
 * Calls `act` with what `find` finds, as soon as it is there: a control of the live page may arrive a moment after the
 * page itself, when its code loads (the account menu's trigger stands in as plain markup until then). Gives up after
 * about three seconds of frames.
 */
export function whenThere(find: () => HTMLElement | undefined, act: (control: HTMLElement) => void, framesLeft = 180): void {
  const control = find();
  if (control) act(control);
  else if (framesLeft > 0) requestAnimationFrame(() => whenThere(find, act, framesLeft - 1));
}

/**
 * Follows the focus in `root`'s static page (and what sits beside it, such as the phone menu) and, once React has
 * replaced it in one commit, hands it to the live counterpart of the control that had it, unless something else
 * took the focus meanwhile. Observers run in the order they were set up: set this one up after those that move the
 * focus themselves.
 */
export function keepFocusAcrossHandover(root: Element): void {
  const staticParts = [...root.children];
  const staticPage = staticParts[0];
  if (!staticPage) return;
  let focused: Element | null = null;
  root.addEventListener('focusin', (event) => {
    if (staticPage.isConnected) focused = event.target instanceof Element ? event.target : null;
  });
  // Focus leaving for nothing (a click on plain text) forgets it; the page's own removal, which blurs it too, does not.
  root.addEventListener('focusout', (event) => {
    if (staticPage.isConnected && (event as FocusEvent).relatedTarget === null)
      setTimeout(() => staticPage.isConnected && (focused = null), 0);
  });
  const observer = new MutationObserver(() => {
    if (staticPage.isConnected) return;
    observer.disconnect();
    const control = focused;
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    if (control)
      whenThere(
        () => counterpart(control, staticParts, root),
        (live) => lost() && live.focus(),
      );
  });
  observer.observe(root, { childList: true });
}
