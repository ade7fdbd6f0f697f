import { startSpa } from './start-spa';

/*
 * The forms of the pre-rendered sign-in and sign-up pages (ADR 0054). The page is the SPA's own markup, but nothing
 * runs it until the SPA has started: it starts on the first sign that the visitor is about to use a form (pointing
 * at it, pressing or focusing something in it, typing, a password manager filling it in). When React has replaced
 * the static page, whatever the visitor did on it carries over to the live form: the values typed or filled in, the
 * focus and caret, and a submit or a button press made before the SPA was there, which is held and then repeated.
 */

type PendingAction = { kind: 'submit'; form: number } | { kind: 'click'; form: number; button: number };

type FormControl = HTMLInputElement | HTMLTextAreaElement;

function namedControls(form: HTMLFormElement): FormControl[] {
  return [...form.elements].filter(
    (element): element is FormControl =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.name !== '',
  );
}

/** Sets a value the way typing does, so React's change handlers (and react-hook-form with them) see it. */
function typeValue(control: FormControl, value: string): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Copies what the visitor entered in the static form into the live one; returns the control to focus, if any. */
function carryOver(staticForm: HTMLFormElement, liveForm: HTMLFormElement, focused: Element | null): FormControl | undefined {
  let focusTarget: FormControl | undefined;
  for (const control of namedControls(staticForm)) {
    const live = liveForm.elements.namedItem(control.name);
    if (!(live instanceof HTMLInputElement || live instanceof HTMLTextAreaElement)) continue;
    if (live instanceof HTMLInputElement && (live.type === 'checkbox' || live.type === 'radio')) {
      // A click, as the visitor's own, is what React reports as a change of a checkbox.
      if (control instanceof HTMLInputElement && live.checked !== control.checked) live.click();
    } else if (live.value !== control.value) {
      typeValue(live, control.value);
    }
    if (control === focused) focusTarget = live;
  }
  if (focusTarget && focused instanceof HTMLInputElement && focusTarget instanceof HTMLInputElement) {
    const { selectionStart, selectionEnd } = focused;
    focusTarget.focus();
    // Only text-like inputs have a caret; setSelectionRange throws on the others (email among them).
    try {
      if (selectionStart !== null && selectionEnd !== null) focusTarget.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // no caret to restore
    }
  } else {
    focusTarget?.focus();
  }
  return focusTarget;
}

/** Starts the SPA on the first use of one of the page's forms and hands the forms over to it (see above). */
export function handOverForms(page: Element): void {
  const root = page.parentElement;
  const staticForms = [...page.querySelectorAll('form')];
  if (!root || staticForms.length === 0) return;
  const isActive = () => page.isConnected;

  let focused: Element | null = null;
  let pending: PendingAction | undefined;
  let observing = false;

  const handOver = () => {
    const liveForms = [...root.querySelectorAll('form')];
    if (liveForms.length !== staticForms.length) return false;
    staticForms.forEach((staticForm, index) => {
      const liveForm = liveForms[index];
      if (liveForm) carryOver(staticForm, liveForm, focused);
    });
    const action = pending;
    pending = undefined;
    if (action?.kind === 'submit') liveForms[action.form]?.requestSubmit();
    if (action?.kind === 'click') liveForms[action.form]?.querySelectorAll('button')[action.button]?.click();
    return true;
  };

  const start = () => {
    if (!isActive() || observing) return;
    observing = true;
    // React replaces the static page in one commit; the forms are carried over before the next event is handled.
    const observer = new MutationObserver(() => {
      if (isActive()) return;
      if (handOver()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    void startSpa().catch(() => {
      observer.disconnect();
      observing = false;
    });
  };

  for (const type of ['pointerover', 'pointerdown', 'focusin', 'input', 'change'] as const) {
    for (const form of staticForms) form.addEventListener(type, start, { passive: true });
  }
  page.addEventListener('focusin', (event) => (focused = event.target instanceof Element ? event.target : null));

  staticForms.forEach((form, formIndex) => {
    form.addEventListener('submit', (event) => {
      if (!isActive()) return;
      // Nothing leaves the page before the SPA has it: a static form would send the password as a plain post.
      event.preventDefault();
      pending = { kind: 'submit', form: formIndex };
      start();
    });
    form.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!isActive() || !button || button.type === 'submit') return;
      event.preventDefault();
      pending = { kind: 'click', form: formIndex, button: [...form.querySelectorAll('button')].indexOf(button) };
      start();
    });
  });
}
