import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast, toastError } from '#web/lib/toast';
import type { Task } from '#shared/tasks/task.schema';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

/** Keeps the recognisable prefix, so the user can tell which kind of secret it is without seeing it. */
function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  return `${prefix}${'•'.repeat(24)}`;
}

/**
 * The secret a webhook receiver verifies signatures with. Hidden until asked for (screens get shared and recorded);
 * copying does not need it shown. Rotating asks first, since the receiver rejects deliveries until it has the new one.
 */
export function WebhookSecret({ task }: { task: { id: Task['id']; webhookSecret: string } }) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotateButtonRef = useRef<HTMLButtonElement>(null);
  const rotate = useRotateWebhookSecret();
  const valueId = `webhook-secret-${task.id}`;

  const copy = async () => {
    try {
      // Missing outside secure contexts (plain http on a host other than localhost), so check before calling.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(task.webhookSecret);
      toast.success('Copied', { description: 'The webhook secret is on your clipboard.' });
    } catch {
      toast.error('Copy failed', { description: 'Your browser did not allow copying. Show the secret and copy it by hand.' });
    }
  };

  const confirmRotate = () => {
    rotate.mutate(task.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Webhook secret rotated', { description: 'Give your endpoint the new secret so it accepts the next deliveries.' });
      },
      onError: (error) => {
        toastError('Error rotating secret', error, 'The secret could not be rotated. Please try again.');
      },
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <code
        id={valueId}
        // Announced as what it is; the dots alone would be read out one by one.
        aria-label={revealed ? undefined : 'Webhook signing secret, hidden'}
        className="block min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-800"
      >
        {revealed ? task.webhookSecret : maskSecret(task.webhookSecret)}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-controls={valueId} onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {revealed ? 'Hide secret' : 'Show secret'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        <Button ref={rotateButtonRef} variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Rotate secret
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate webhook secret?"
        description="Deliveries are signed with a new secret from now on. Your endpoint rejects them until you give it the new secret."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        pending={rotate.isPending}
        onConfirm={confirmRotate}
        returnFocusTo={() => rotateButtonRef.current}
      />
    </div>
  );
}
