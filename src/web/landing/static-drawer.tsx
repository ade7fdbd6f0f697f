import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { SignedOutItems } from '#web/components/layout/mobile-nav-drawer';
import { staticDrawerIds } from './static-drawer-ids';

/** Without a router the links are plain anchors: the browser loads the page or scrolls to the section. */
function StaticLink({ to, ...props }: { to: string; className: string; children: ReactNode }) {
  return <a href={to} {...props} />;
}

/**
 * The phone menu of the pre-rendered landing page for visitors (ADR 0013): the signed-out items of
 * MobileNavDrawer in the look of ui/sheet.tsx, hidden until enhance-landing.ts opens it. Rendered at build time
 * only; once the SPA runs, MobileNavDrawer takes over.
 */
export function StaticDrawer() {
  return (
    <>
      <div
        id={staticDrawerIds.overlay}
        hidden
        className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] motion-safe:animate-fade-in"
      />
      <div
        id={staticDrawerIds.drawer}
        role="dialog"
        aria-modal="true"
        aria-labelledby={staticDrawerIds.title}
        tabIndex={-1}
        hidden
        className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-2xl outline-none motion-safe:animate-sheet-in"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <h2 id={staticDrawerIds.title} className="text-base font-semibold text-slate-900">
            Menu
          </h2>
          <button
            type="button"
            aria-label="Close menu"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto">
          <div className="flex flex-col gap-6 p-4">
            <SignedOutItems SectionAnchor={StaticLink} PageAnchor={StaticLink} />
          </div>
        </div>
      </div>
    </>
  );
}
