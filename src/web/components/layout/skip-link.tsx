import type { MouseEvent } from 'react';

/**
 * First stop for keyboard users. It moves focus instead of following `#main`,
 * because a hash in the URL would count as a route change and reset the scroll.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };

  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-indigo-700 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
