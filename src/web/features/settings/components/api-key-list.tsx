import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { approveAgentTasksLabel, type ApiKey } from '#shared/api-keys/api-key.schema';
import { Switch } from '#web/components/ui/switch';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatInstant } from '#web/lib/date-time';
import { toast, toastError } from '#web/lib/toast';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useUpdateApiKey } from '../api/update-api-key';

const revokeButtonId = (keyId: string) => `revoke-api-key-${keyId}`;

/** The keys of the signed-in user, newest first, each with what it may do and when it was last used; Revoke asks first. */
export function ApiKeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  // Kept after the dialog closes, so its text does not change while it goes away.
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast.success('API key revoked', { description: `Requests with “${revoking.name}” are refused from now on.` });
      },
      onError: (error) => {
        toastError('Error revoking API key', error, 'There was an error revoking the API key. Please try again.');
      },
    });
  };

  return (
    <Card aria-labelledby="api-key-list-title">
      <div className="flex flex-col gap-1 border-b border-slate-100 px-5 py-4 sm:px-6">
        {/* Focus lands here when the revoked key's row, and with it its Revoke button, is gone. */}
        <h2 ref={headingRef} id="api-key-list-title" tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          Your API Keys
        </h2>
        <p className="text-sm text-slate-600">
          Send a key as <code className="font-mono text-xs">Authorization: Bearer pc_…</code>. Only its first characters are shown here, to
          tell keys apart.
        </p>
      </div>
      <CardContent className="py-2">
        <ApiKeyListBody
          keys={keys}
          onRevoke={(apiKey) => {
            setRevoking(apiKey);
            setConfirmOpen(true);
          }}
        />
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Revoke API key?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{revoking?.name}</strong> stops working at once: scripts that use it get 401.
            This cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        destructive
        onConfirm={confirmRevoke}
        returnFocusTo={() => (revoking ? document.getElementById(revokeButtonId(revoking.id)) : null) ?? headingRef.current}
      />
    </Card>
  );
}

function ApiKeyListBody({ keys, onRevoke }: { keys: ReturnType<typeof useApiKeys>; onRevoke: (apiKey: ApiKey) => void }) {
  if (keys.isPending) return <ApiKeyListSkeleton />;
  if (keys.isError) {
    return (
      <div className="py-4">
        <QueryLoadError title="Your API keys could not be loaded." query={keys} fallback="Check your connection and try again." />
      </div>
    );
  }
  if (keys.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <KeyRound aria-hidden="true" className="size-8 text-slate-400" />
        <p className="font-semibold text-slate-900">No API keys yet</p>
        <p className="max-w-sm text-sm text-slate-600">
          Create a key to manage your tasks and read their runs from scripts and other services.
        </p>
      </div>
    );
  }
  // "Expired" as of the moment the list was loaded: a pure render, and every row judged against the same moment.
  const now = keys.dataUpdatedAt;
  return (
    <ul className="divide-y divide-slate-100">
      {keys.data.map((apiKey) => (
        <ApiKeyRow key={apiKey.id} apiKey={apiKey} now={now} onRevoke={() => onRevoke(apiKey)} />
      ))}
    </ul>
  );
}

function ApiKeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKey; now: number; onRevoke: () => void }) {
  const nameId = `api-key-${apiKey.id}-name`;
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= now;

  return (
    <li aria-labelledby={nameId} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p id={nameId} className="font-medium break-words text-slate-900">
            {apiKey.name}
          </p>
          <Badge tone={apiKey.scope === 'write' ? 'indigo' : 'slate'}>{apiKey.scope === 'write' ? 'Write' : 'Read'}</Badge>
        </div>
        <code className="w-fit rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{apiKey.prefix}…</code>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_9rem_auto_1fr]">
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-700">{formatInstant(apiKey.createdAt, 'date')}</dd>
          <dt className="text-slate-500">Expires</dt>
          <dd className="text-slate-700">
            {apiKey.expiresAt === null ? (
              'Never'
            ) : expired ? (
              <>
                <span className="font-medium text-red-700">Expired</span> {formatInstant(apiKey.expiresAt, 'date')}
              </>
            ) : (
              formatInstant(apiKey.expiresAt, 'date')
            )}
          </dd>
          <dt className="text-slate-500">Last used</dt>
          <dd className="text-slate-700 sm:col-span-3">{apiKey.lastUsedAt === null ? 'Never' : formatInstant(apiKey.lastUsedAt)}</dd>
        </dl>
        <ApproveAgentTasksSwitch apiKey={apiKey} />
      </div>
      <Button
        id={revokeButtonId(apiKey.id)}
        variant="secondary"
        size="sm"
        aria-label={`Revoke ${apiKey.name}`}
        onClick={onRevoke}
        className="self-start"
      >
        Revoke
      </Button>
    </li>
  );
}

/** ADR 0125: whether the tasks this key creates wait, paused, for the owner's Approve. */
function ApproveAgentTasksSwitch({ apiKey }: { apiKey: ApiKey }) {
  const update = useUpdateApiKey();
  const id = `api-key-${apiKey.id}-approval`;
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={apiKey.approveAgentTasks}
        disabled={update.isPending}
        onCheckedChange={(approveAgentTasks) =>
          update.mutate(
            { keyId: apiKey.id, approveAgentTasks },
            { onError: (error) => toastError('Error saving API key', error, 'The setting could not be saved. Please try again.') },
          )
        }
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {approveAgentTasksLabel}
      </label>
    </div>
  );
}

function ApiKeyListSkeleton() {
  return (
    <div aria-busy="true">
      <div role="status" className="sr-only">
        Loading your API keys...
      </div>
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {[0, 1].map((row) => (
          <li key={row} className="flex items-start justify-between gap-6 py-4">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-4 w-64 max-w-full" />
            </div>
            <Skeleton className="h-9 w-20 rounded-lg" />
          </li>
        ))}
      </ul>
    </div>
  );
}
