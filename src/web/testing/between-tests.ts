import { toast } from 'sonner';
import { vi } from 'vitest';

/**
 * For `afterEach` in files that stub fetch and show toasts: the real fetch comes back, and no toast stays open, as
 * Sonner keeps toasts in a module-wide store and would replay them to the next test's <Toaster>.
 */
export function restoreFetchAndDismissToasts(): void {
  vi.unstubAllGlobals();
  toast.dismiss();
}
