import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, Check, Clock, History, LoaderCircle, Pause, Pencil, Play, Trash2, Zap } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast, toastError } from '#web/lib/toast';
import { findModel } from '#shared/tasks/catalog';
import { describeRule } from '#shared/tasks/delivery-rules';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import { scheduleTimeZone } from '#shared/tasks/schedule';
import { waitingForConfirmationText } from '#shared/tasks/delivery-address.schema';
import type { Task } from '#shared/tasks/task.schema';
import { ActivityChart } from '#web/components/runs/activity-chart';
import { OverdueNote, overdueByTask, useOverdueSlots } from '#web/components/runs/overdue-slots';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Card, CardContent, TitledCard } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths, taskPaths } from '#web/config/paths';
import { errorMessage } from '#web/lib/form-errors';
import { taskQueryOptions } from '../api/get-task';
import { useTaskActivity } from '../api/get-task-activity';
import { taskDeliveryAddressQueryOptions } from '../api/get-task-delivery-address';
import { useResendDeliveryAddressConfirmation } from '../api/resend-delivery-address-confirmation';
import { useRunTask } from '../api/run-task';
import { useToggleTaskStatus } from '../hooks/use-toggle-task-status';
import { useChangeTaskStatus } from '../api/change-task-status';
import { modelName, providerName } from '#web/lib/catalog-names';
import { catchUpWindowText } from '#web/lib/catch-up-window-text';
import { formatInZoneOf } from '#web/lib/date-time';
import { chatWebhookText, deliveryMethodLabel } from '#web/lib/delivery-text';
import { BackfillDialog } from './backfill-dialog';
import { DeleteTaskDialog } from './delete-task-dialog';
import { ReliabilityCard } from './reliability-card';
import { TaskRunHistory } from './task-run-history';
import { TaskNotFound, isTaskNotFound } from './task-not-found';
import { TaskStatusBadge } from './task-status-badge';
import { finishedText, TaskBoundsDetails } from './task-bounds-details';
import { TaskUpcomingRuns } from './task-upcoming-runs';
import { ValueOverTimeCard } from './value-over-time-card';
import { dstGapLabel, dstGapTexts, dstRepeatLabel, dstRepeatTexts } from './dst-policy-texts';
import { WebhookSecret } from './webhook-secret';
import { timeZoneName } from '#web/lib/time-zones';
import { OwnAddressWaitNote } from '#web/components/account/confirm-email-notice';

const loadFailed = 'Failed to load task. Please try again.';

/** One task's page: what it runs, when, with which model, where the result goes, and the actions on it. */
export function TaskDetail({ taskId }: { taskId: string }) {
  const defaultRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const task = useQuery({
    ...taskQueryOptions(taskId),
    // A missing task stays missing; asking again only delays "Task not found". Other failures retry as usual.
    retry: (failureCount, error) => {
      if (isTaskNotFound(error)) return false;
      if (typeof defaultRetry === 'function') return defaultRetry(failureCount, error);
      if (typeof defaultRetry === 'number') return failureCount < defaultRetry;
      return defaultRetry ?? failureCount < 3;
    },
  });

  // Spec section 8, "Load task": the server's message under "Error loading task", or the generic pair.
  useEffect(() => {
    if (!task.error || isTaskNotFound(task.error)) return;
    const message = errorMessage(task.error, '');
    if (message) toast.error('Error loading task', { description: message });
    else toast.error('Error', { description: loadFailed });
  }, [task.error]);

  if (task.isPending) return <TaskDetailSkeleton />;
  if (task.isError && isTaskNotFound(task.error)) {
    return (
      <div className="flex flex-col gap-6">
        <BackToTasks />
        <TaskNotFound />
      </div>
    );
  }
  if (!task.data) {
    return (
      <div className="flex flex-col gap-6">
        <BackToTasks />
        <QueryLoadError title="Error loading task" query={task} fallback={loadFailed} />
      </div>
    );
  }
  return <TaskDetailView task={task.data} />;
}

function BackToTasks() {
  return (
    <Link to={paths.dashboardTasks} className={buttonClassName({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Tasks
    </Link>
  );
}

/** The status button's label, and while it works. */
const statusLabels = { pause: ['Pause', 'Pausing...'], resume: ['Resume', 'Resuming...'], approve: ['Approve', 'Approving...'] } as const;

function TaskActions({ task }: { task: Task }) {
  const navigate = useNavigate();
  const runTask = useRunTask(task.id);
  const status = useToggleTaskStatus(task);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const backfillButtonRef = useRef<HTMLButtonElement>(null);
  const [backfilling, setBackfilling] = useState(false);
  const StatusIcon = status.action === 'pause' ? Pause : Play;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* Not disabled while running: another click explains itself with "Task already running". */}
      <Button onClick={runTask.run} aria-busy={runTask.isRunning || undefined}>
        {runTask.isRunning ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        ) : (
          <Zap aria-hidden="true" className="size-4" />
        )}
        {runTask.isRunning ? 'Running...' : 'Run Now'}
      </Button>
      <Link to={taskPaths.edit(task.id)} className={buttonClassName({ variant: 'secondary' })}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit Task
      </Link>
      <Button
        variant="secondary"
        onClick={() => (status.isPending ? undefined : status.toggle())}
        aria-disabled={status.isPending || undefined}
      >
        <StatusIcon aria-hidden="true" className="size-4" />
        {statusLabels[status.action][status.isPending ? 1 : 0]}
      </Button>
      <Button ref={backfillButtonRef} variant="secondary" onClick={() => setBackfilling(true)}>
        <History aria-hidden="true" className="size-4" />
        Backfill…
      </Button>
      {/* Mounted while open only, so each opening starts from the last seven days up to now. */}
      {backfilling ? (
        <BackfillDialog
          task={task}
          open={backfilling}
          onOpenChange={setBackfilling}
          returnFocusTo={() => backfillButtonRef.current ?? undefined}
        />
      ) : null}
      <Button ref={deleteButtonRef} variant="secondary" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden="true" className="size-4 text-red-600" />
        Delete
      </Button>
      <DeleteTaskDialog
        task={task}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => void navigate(paths.dashboardTasks, { replace: true })}
        returnFocusTo={() => (deleteButtonRef.current?.isConnected ? deleteButtonRef.current : undefined)}
      />
    </div>
  );
}

/** A member as a task names them (ADR 0136); null once their account is gone. */
type TaskPerson = { id: string; name: string } | null;

/**
 * Who made and who last changed the task, in a workspace of several people (ADR 0136). Read as optional: a server
 * from before workspaces sends neither.
 */
function authorsOf(task: Task): { createdBy?: TaskPerson; updatedBy?: TaskPerson } {
  return task as Task & { createdBy?: TaskPerson; updatedBy?: TaskPerson };
}

/**
 * Who made the task: an API key (ADR 0124: an agent through MCP, or a script through the API), else the member who
 * did; and who last changed it.
 */
function CreatedBy({ task }: { task: Task }) {
  const { createdBy, updatedBy } = authorsOf(task);
  let created: string | null = null;
  if (task.createdByKey)
    created = task.createdVia === 'mcp' ? `Created by agent '${task.createdByKey}'` : `Created with API key '${task.createdByKey}'`;
  else if (createdBy) created = `Created by ${createdBy.name}`;
  return (
    <>
      {created ? <p className="text-sm text-slate-600">{created}</p> : null}
      {updatedBy ? <p className="text-sm text-slate-600">Last edited by {updatedBy.name}</p> : null}
    </>
  );
}

/** A task an API key made waits, paused, until its owner approves it with one press (ADR 0125). */
function ApprovalBanner({ task }: { task: Task }) {
  const approve = useChangeTaskStatus();
  const onApprove = () => {
    if (approve.isPending) return;
    approve.mutate(
      { taskId: task.id, change: 'approve' },
      {
        onSuccess: () => toast.success('Task approved', { description: `“${task.name}” now runs on its schedule.` }),
        onError: (error) => toastError('Error approving task', error, 'There was an error approving the task. Please try again.'),
      },
    );
  };
  return (
    <section
      aria-labelledby="approval-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h3 id="approval-title" className="font-semibold text-amber-900">
          Waiting for your approval
        </h3>
        <p className="text-sm text-amber-900">
          {task.createdByKey ? `The agent '${task.createdByKey}' created this task. ` : ''}It will not run until you approve it.
        </p>
      </div>
      <Button onClick={onApprove} aria-disabled={approve.isPending || undefined}>
        <Check aria-hidden="true" className="size-4" />
        {approve.isPending ? 'Approving...' : 'Approve'}
      </Button>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Where the results go. A Slack or Discord URL is itself the key to the channel, so only its start is shown. */
function DeliveryAddress({ task }: { task: Task }) {
  const { deliveryMethod, deliveryConfig } = task;
  if (deliveryMethod === 'slack' || deliveryMethod === 'discord') {
    return (
      <Detail label={`${deliveryMethodLabel(deliveryMethod)} channel`}>
        <span className="font-mono break-all">{chatWebhookText(deliveryMethod, deliveryConfig.webhookUrl)}</span>
        <p className="mt-1 text-slate-600">The webhook URL is a secret; edit the task to see or change it.</p>
      </Detail>
    );
  }
  if (deliveryMethod === 'webhook') {
    return (
      <Detail label="Webhook URL">
        <span className="font-mono break-all">{deliveryConfig.webhookUrl ?? '—'}</span>
      </Detail>
    );
  }
  return (
    <Detail label="Email">
      <span className="break-all">{deliveryConfig.email ?? '—'}</span>
      <AddressConfirmation taskId={task.id} />
    </Detail>
  );
}

/**
 * The task's other destinations (ADR 0127), below the first: each its method and where it goes, the secret part of a
 * chat URL left out as for the first, and an e-mail one's confirmation state.
 */
function OtherDestinations({ task }: { task: Task }) {
  const others = task.destinations.slice(1);
  if (others.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 md:col-span-2">
      <dt className="text-sm font-medium text-slate-500">Other destinations</dt>
      <dd className="text-sm text-slate-900">
        <ol className="flex flex-col gap-2">
          {others.map((destination, offset) => {
            const method = deliveryMethodLabel(destination.method);
            return (
              <li key={destination.id} aria-label={`Destination ${offset + 2}: ${method}`}>
                <span className="font-medium">
                  {offset + 2}. {method}
                </span>{' '}
                <span className={clsx('break-all', destination.method !== 'email' && 'font-mono')}>
                  {destinationAddressText(destination)}
                </span>
                {destination.method === 'email' ? <AddressConfirmation taskId={task.id} destinationId={destination.id} /> : null}
              </li>
            );
          })}
        </ol>
      </dd>
    </div>
  );
}

function destinationAddressText({ method, config }: Task['destinations'][number]): string {
  if (method === 'slack' || method === 'discord') return chatWebhookText(method, config.webhookUrl);
  return (method === 'webhook' ? config.webhookUrl : config.email) ?? '—';
}

/**
 * An address other than the account's own receives nothing until its owner confirms it for the task's workspace
 * (ADRs 0053, 0142), nor the account's own until the account has confirmed it (ADR 0109). The first destination's state is the answer's
 * `address`; another's is its entry in `addresses` (ADR 0127). Nothing is shown while the answer loads or if it
 * fails: the address itself is what matters on this page.
 */
function AddressConfirmation({ taskId, destinationId }: { taskId: string; destinationId?: string }) {
  const answer = useQuery(taskDeliveryAddressQueryOptions(taskId)).data;
  const status =
    destinationId === undefined
      ? answer?.address?.status
      : answer?.addresses?.find((address) => address.destinationId === destinationId)?.status;
  if (status === 'own-unconfirmed') return <OwnAddressWaitNote />;
  if (status === 'pending') {
    const waiting = destinationId ?? answer?.addresses?.[0]?.destinationId;
    return (
      <div className="mt-1 flex flex-col items-start gap-2">
        <p className="flex items-center gap-1.5 text-amber-700">
          <Clock aria-hidden="true" className="size-4" />
          {waitingForConfirmationText}
          <span className="text-slate-600">— we e-mailed this address a link; results go there once it is confirmed.</span>
        </p>
        {waiting ? <ResendAddressButton taskId={taskId} destinationId={waiting} /> : null}
      </div>
    );
  }
  if (status === 'unsubscribed') {
    return <p className="mt-1 text-red-700">This address unsubscribed from this workspace’s e-mails. Results are not sent to it.</p>;
  }
  // A member's confirmed own address needs no confirmation of ours (ADR 0138), only while they are a member.
  if (status === 'member') {
    return <p className="mt-1 text-slate-600">A member of this workspace — no confirmation needed while they are a member.</p>;
  }
  return null;
}

/** The confirmation mail again, for an address that lost or never opened it (ADR 0142). */
function ResendAddressButton({ taskId, destinationId }: { taskId: string; destinationId: string }) {
  const resend = useResendDeliveryAddressConfirmation(taskId);
  return (
    <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(destinationId)}>
      {resend.isPending ? 'Sending...' : 'Send the link again'}
    </Button>
  );
}

/** The daylight-saving policies the user chose, when they are not the defaults everyone else has (ADR 0116). */
function DstPolicies({ task }: { task: Task }) {
  const policies = [
    task.dstGap === 'shift' ? null : `${dstGapLabel}: ${dstGapTexts[task.dstGap].toLowerCase()}.`,
    task.dstRepeat === 'first' ? null : `${dstRepeatLabel}: ${dstRepeatTexts[task.dstRepeat].toLowerCase()}.`,
  ].filter((text) => text !== null);
  if (policies.length === 0 || task.scheduleType === 'hourly') return null;
  return (
    <ul aria-label="Daylight saving" className="mt-1 text-slate-600">
      {policies.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

function nextRunText(task: Task): string {
  if (task.nextFireAt) return formatInZoneOf(task.nextFireAt, scheduleTimeZone(task));
  if (task.status === 'paused') return 'Paused';
  if (task.status === 'error') return 'Stopped after repeated failures. Resume the task to schedule it again.';
  if (task.status === 'finished') return finishedText(task) ?? 'Finished';
  return 'Not scheduled';
}

/** The task's 30-day chart; while it loads a placeholder of its size, and if it fails nothing (the page is the task). */
function TaskActivity({ taskId }: { taskId: string }) {
  const activity = useTaskActivity(taskId);
  if (activity.isPending) return <Skeleton className="h-64 w-full rounded-xl md:col-span-2" />;
  if (!activity.data) return null;
  return (
    <ActivityChart
      activity={activity.data}
      title="Activity"
      description={`This task's runs over the last ${activity.data.days.length} days, per day in ${timeZoneName(activity.data.timeZone)}`}
      className="md:col-span-2"
    />
  );
}

function TaskDetailView({ task }: { task: Task }) {
  const overdue = overdueByTask(useOverdueSlots()).get(task.id);
  const custom = task.scheduleType === 'custom';
  // Every time of this page is the schedule's, in its zone, with the reader's beside it when theirs differs (ADR 0110).
  const zone = scheduleTimeZone(task);
  const fixedTemperature = findModel(task.provider, task.model)?.fixedTemperature ?? false;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <BackToTasks />
        <TaskActions task={task} />
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{task.name}</h2>
          <TaskStatusBadge status={task.status} awaitingApproval={task.awaitingApproval} />
        </div>
        {task.description ? <p className="max-w-3xl text-slate-600">{task.description}</p> : null}
        {task.key ? (
          // What a tasks file and the command line know the task by (ADR 0126).
          <p className="text-sm text-slate-600">
            Key <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all text-slate-800">{task.key}</code>
          </p>
        ) : null}
        <CreatedBy task={task} />
        {task.status === 'finished' ? (
          <p className="text-sm font-medium text-slate-700" data-testid="finished-reason">
            {finishedText(task)}
          </p>
        ) : null}
        <OverdueNote slot={overdue} timeZone={zone} />
      </div>

      {task.awaitingApproval ? <ApprovalBanner task={task} /> : null}

      {/* One column of the page's width on a phone: an implicit column would grow to the widest card's content. */}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <TitledCard title="Schedule">
          <dl className="flex flex-col gap-4">
            <Detail label="Runs">
              <span className="font-medium">{describeSchedule(task)}</span>
              <p className="mt-1 text-slate-600">
                {custom
                  ? `The cron expression is read in ${timeZoneName(zone)}.`
                  : `Runs at this time in the task's time zone, ${timeZoneName(task.timezone)}.`}
              </p>
              <DstPolicies task={task} />
            </Detail>
            <Detail label="Next run">{nextRunText(task)}</Detail>
            <Detail label="Last run">{task.lastRunAt ? formatInZoneOf(task.lastRunAt, zone) : 'Never'}</Detail>
            <Detail label="Catch-up window">{catchUpWindowText(task.catchUpWindow)}</Detail>
            <Detail label="If a run is still going">{task.overlap === 'buffer_one' ? 'Keep one waiting' : 'Skip'}</Detail>
            {task.backfillWaiting > 0 ? (
              <Detail label="Backfill">
                {task.backfillWaiting} {task.backfillWaiting === 1 ? 'slot waits' : 'slots wait'} to run
              </Detail>
            ) : null}
            <TaskBoundsDetails task={task} zone={zone} />
          </dl>
          <TaskUpcomingRuns task={task} />
        </TitledCard>

        <TitledCard title="AI Model">
          <dl className="flex flex-col gap-4">
            <Detail label="Provider">{providerName(task.provider)}</Detail>
            <Detail label="Model">{modelName(task.provider, task.model)}</Detail>
            <Detail label="Fallback model">
              {task.fallback
                ? `${providerName(task.fallback.provider)} · ${modelName(task.fallback.provider, task.fallback.model)}`
                : 'None'}
            </Detail>
          </dl>
        </TitledCard>

        <TitledCard title="Delivery" className="md:col-span-2">
          <dl className="grid gap-4 md:grid-cols-2">
            <Detail label="Delivery method">{deliveryMethodLabel(task.deliveryMethod)}</Detail>
            <DeliveryAddress task={task} />
            <OtherDestinations task={task} />
            <Detail label="Deliver">{deliverWhenText(task)}</Detail>
            {task.deliveryMethod === 'webhook' && task.webhookSecret !== null ? (
              <div className="flex flex-col gap-1 md:col-span-2">
                <dt className="text-sm font-medium text-slate-500">Signing secret</dt>
                <dd>
                  <WebhookSecret task={{ id: task.id, webhookSecret: task.webhookSecret }} />
                </dd>
              </div>
            ) : null}
          </dl>
        </TitledCard>

        <TitledCard title="Prompt" className="md:col-span-2">
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm break-words whitespace-pre-wrap text-slate-800">
            {task.prompt.input}
          </p>
          <dl className="grid grid-cols-2 gap-4 sm:max-w-sm">
            <Detail label="Web Search">{task.prompt.searchEnabled ? 'On' : 'Off'}</Detail>
            {/* Such models reject any other temperature, so the stored number is not what they run with. */}
            <Detail label="Temperature">{fixedTemperature ? 'Model default' : task.prompt.temperature}</Detail>
          </dl>
        </TitledCard>

        <ValueOverTimeCard task={task} timeZone={zone} className="md:col-span-2" />

        <TaskActivity taskId={task.id} />

        <ReliabilityCard taskId={task.id} className="md:col-span-2" />

        <TaskRunHistory taskId={task.id} deliveryMethod={task.deliveryMethod} timeZone={zone} soleDestination={task.destinations[0]} />
      </div>
    </div>
  );
}

function TaskDetailSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <div role="status" className="sr-only">
        Loading task...
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <Skeleton className="h-9 w-36" />
        <div className="flex gap-2">
          {['w-28', 'w-28', 'w-24'].map((width, index) => (
            <Skeleton key={index} className={`h-10 rounded-lg ${width}`} />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} className={index > 1 ? 'md:col-span-2' : undefined}>
            <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
              <Skeleton className="h-5 w-32" />
            </div>
            <CardContent className="flex flex-col gap-3">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-4 w-40 max-w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** The task's delivery rule in words (issue 19). */
function deliverWhenText(task: Pick<Task, 'deliverWhen' | 'deliveryCondition' | 'deliveryRules' | 'itemKey' | 'watchedFields'>): string {
  if (task.deliverWhen === 'changed') return 'Only when the result changed';
  if (task.deliverWhen === 'condition') return `Only when the answer to "${task.deliveryCondition ?? ''}" is yes`;
  const key = task.itemKey === '*' ? 'the whole item' : `"${task.itemKey ?? ''}"`;
  if (task.deliverWhen === 'new_items') return `Only new items (told apart by ${key})`;
  if (task.deliverWhen === 'changed_items') return `Only new items, or items whose ${task.watchedFields.join(', ')} changed (by ${key})`;
  if (task.deliverWhen === 'rules' && task.deliveryRules) {
    const joined = task.deliveryRules.rules.map(describeRule).join(task.deliveryRules.match === 'any' ? ' or ' : ' and ');
    return `Only when ${joined}`;
  }
  return 'Every run';
}
