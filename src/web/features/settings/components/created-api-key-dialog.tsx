import * as Dialog from '@radix-ui/react-dialog';
import { Copy, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/lib/toast';

type CreatedApiKeyDialogProps = {
  /** The key the server just returned; null while no key is being shown. */
  apiKey: string | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes: the dialog is opened from state, not from a trigger. */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/**
 * The one moment a key can be read: the server keeps only its hash. A click beside the dialog does not close it, so
 * the key is not lost by accident; Done or Escape does.
 */
export function CreatedApiKeyDialog({ apiKey, onClose, returnFocusTo }: CreatedApiKeyDialogProps) {
  const [copied, setCopied] = useState(false);
  const copyRef = useRef<HTMLButtonElement>(null);

  const copy = async (key: string) => {
    try {
      // Missing outside secure contexts (plain http on a host other than localhost), so check before calling.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(key);
      setCopied(true);
      toast.success('API key copied');
    } catch {
      toast.error('Copy failed', { description: 'Your browser did not allow copying. Select the key and copy it by hand.' });
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog.Root open={apiKey !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Copying is what the dialog is for; Done first would invite closing it before the key is kept.
            event.preventDefault();
            copyRef.current?.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-2xl outline-none"
        >
          <div className="flex flex-col gap-2">
            <Dialog.Title className="text-lg font-semibold text-slate-900">API key created</Dialog.Title>
            <Dialog.Description className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copy the key now and keep it somewhere safe: it will not be shown again.
            </Dialog.Description>
          </div>
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-slate-900">Your new API key</p>
            <code className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">
              {apiKey}
            </code>
            {/* Inside the dialog, where a screen reader still hears it: the toast is outside the modal. */}
            <p role="status" className="min-h-5 text-sm text-emerald-700">
              {copied ? 'Copied to your clipboard.' : null}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Done
            </Button>
            <Button ref={copyRef} onClick={() => (apiKey ? void copy(apiKey) : undefined)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
