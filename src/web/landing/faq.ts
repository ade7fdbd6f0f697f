/**
 * The FAQ accordion of the pre-rendered landing page without React (ADR 0013): the markup of ui/accordion.tsx
 * already has the WAI-ARIA wiring (buttons with aria-expanded/aria-controls, answers as named regions), so only
 * the toggling is missing. Buttons answer Enter and Space natively.
 */
export function enhanceFaq(section: Element): void {
  for (const button of section.querySelectorAll<HTMLButtonElement>('button[aria-controls]')) {
    const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!answer) continue;
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      answer.hidden = !open;
      button.querySelector('svg')?.classList.toggle('rotate-180', open);
    });
  }
}
