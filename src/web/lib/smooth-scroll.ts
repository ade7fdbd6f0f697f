import type { MouseEvent } from 'react';

/*
 * React Router's <ScrollRestoration> scrolls to `location.hash` (or to the top) right after a navigation commits,
 * with the browser's default, instant behaviour. Section links should glide instead, while every other navigation
 * (a new page, back/forward) must stay instant. So a section link turns on CSS smooth scrolling just for the
 * navigation it starts, and the root layout turns it off again once that navigation has been scrolled.
 */

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Click handler for links to a landing section: the navigation it starts scrolls smoothly. */
export function scrollSmoothlyOnNavigation(event: MouseEvent<HTMLAnchorElement>): void {
  // A modified click opens a new tab and no navigation happens here, so smooth scrolling would leak into the next one.
  if (event.defaultPrevented || !isPlainLeftClick(event) || prefersReducedMotion()) return;
  document.documentElement.style.scrollBehavior = 'smooth';
}

/** Called after each navigation has been scrolled; an animation already started keeps running. */
export function restoreInstantScrolling(): void {
  document.documentElement.style.removeProperty('scroll-behavior');
}
