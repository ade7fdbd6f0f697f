import { confirmAddressTitle } from '#shared/account/address-confirmation.schema';
import { productName } from '#shared/product';
import type { RunTrigger } from '#shared/runs/run.schema';
import type { UnsubscribeLink } from './unsubscribe-links';
import type { MailMessage } from './mailer';

type Content = Omit<MailMessage, 'to'>;

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** One simple, widely compatible layout: a heading, paragraphs, optional rendered content and one call to action. */
/** A notification's way out: the switch in Settings that sends it, and its signed one-click link. */
type Unsubscribe = UnsubscribeLink;

function unsubscribeFooterText({ label }: Unsubscribe): string {
  return `You get this e-mail because "${label}" is on in your notification settings.`;
}

function unsubscribeFooterHtml(unsubscribe: Unsubscribe): string {
  return `<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center;line-height:1.5">${escapeHtml(unsubscribeFooterText(unsubscribe))} <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#4f46e5">Unsubscribe</a></p>`;
}

/** A notification's content with its unsubscribe footer (HTML and text) and RFC 8058 headers. */
function notification(content: Content & { html: string }, unsubscribe: Unsubscribe): Content {
  return {
    ...content,
    html: content.html.replace('</td></tr></table></body></html>', `${unsubscribeFooterHtml(unsubscribe)}</td></tr></table></body></html>`),
    text: `${content.text}
${unsubscribeFooterText(unsubscribe)}
Unsubscribe: ${unsubscribe.pageUrl}
`,
    headers: { ...content.headers, ...unsubscribe.headers },
    links: [...(content.links ?? []), unsubscribe.pageUrl],
  };
}

function layout({
  heading,
  paragraphs,
  action,
  contentHtml = '',
}: {
  heading: string;
  paragraphs: string[];
  /** The button and its link; none for a reader with nothing of ours to open (a result mailed to someone else). */
  action?: { label: string; url: string };
  contentHtml?: string;
}): string {
  const body =
    paragraphs.map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('') +
    (contentHtml
      ? `<div style="margin:0 0 16px;line-height:1.5;border-left:3px solid #c7d2fe;padding-left:16px">${contentHtml}</div>`
      : '');
  return `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#4f46e5">${productName}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>${body}${action ? actionHtml(action) : ''}
</td></tr></table></td></tr></table></body></html>`;
}

function actionHtml(action: { label: string; url: string }): string {
  return `
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#475569;line-height:1.5">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`;
}

function text(lines: string[]): string {
  return `${lines.join('\n\n')}\n\n— ${productName}\n`;
}

export function passwordResetMail({ name, url }: { name: string; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    `Someone asked to reset the password of your ${productName} account. The link below is valid for 30 minutes and works once.`,
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ];
  return {
    subject: `Reset your ${productName} password`,
    html: layout({ heading: 'Reset your password', paragraphs, action: { label: 'Choose a new password', url } }),
    text: text([...paragraphs, `Choose a new password: ${url}`]),
    links: [url],
  };
}

/** Issue 36: the account-wide sign-in limit paused sign-ins from new devices; the owner's own browsers still get in. */
export function signInPausedMail({ name, url }: { name: string; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    `Someone tried many wrong passwords for your ${productName} account, so sign-ins from devices that have never signed in to it are paused for up to an hour.`,
    'Browsers where you have signed in before are not affected: you can keep signing in there as usual.',
    'If this was not you, your password held. To be safe, you can choose a new one.',
  ];
  return {
    subject: `Sign-ins to your ${productName} account were paused`,
    html: layout({ heading: 'Sign-ins from new devices paused', paragraphs, action: { label: 'Choose a new password', url } }),
    text: text([...paragraphs, `Choose a new password: ${url}`]),
    links: [url],
  };
}

export function invitationMail({ name, invitedBy, url }: { name: string; invitedBy: string; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    `${invitedBy} invited you to ${productName}, where AI prompts run on a schedule and deliver their results by e-mail, webhook, Slack or Discord.`,
    'Set your password to get started. The link is valid for 7 days and works once.',
  ];
  return {
    subject: `You're invited to ${productName}`,
    html: layout({ heading: `Welcome to ${productName}`, paragraphs, action: { label: 'Set your password', url } }),
    text: text([...paragraphs, `Set your password: ${url}`]),
    links: [url],
  };
}

/** An invitation to join a workspace (ADR 0131): who invites, to what, as which role; the link works once, 7 days. */
export function workspaceInvitationMail({
  workspaceName,
  invitedBy,
  role,
  url,
}: {
  workspaceName: string;
  invitedBy: string;
  role: string;
  url: string;
}): Content {
  const paragraphs = [
    'Hi,',
    `${invitedBy} invited you to join the workspace "${workspaceName}" on ${productName} as ${role === 'viewer' ? 'a' : 'an'} ${role}.`,
    `Open the link to accept. It is valid for 7 days and works once. If you do not know ${invitedBy}, ignore this e-mail.`,
  ];
  return {
    subject: `${invitedBy} invited you to ${workspaceName} on ${productName}`,
    html: layout({ heading: `Join ${workspaceName}`, paragraphs, action: { label: 'Accept the invitation', url } }),
    text: text([...paragraphs, `Accept the invitation: ${url}`]),
    links: [url],
  };
}

/**
 * ADR 0137: proof that the workspace may speak for an e-mail domain, mailed to its postmaster. Whoever reads that
 * mailbox vouches for the domain; the link confirms on its page, never on opening (mail scanners follow links).
 */
export function ssoDomainProofMail({ workspaceName, domain, url }: { workspaceName: string; domain: string; url: string }): Content {
  const paragraphs = [
    'Hi,',
    `The workspace "${workspaceName}" on ${productName} asks to sign in everyone with an address at ${domain} through its single sign-on.`,
    `If your organisation set this up, open the link to confirm that ${domain} belongs to it. The link is valid for 7 days. If you do not know this workspace, ignore this e-mail.`,
  ];
  return {
    subject: `Confirm ${domain} for single sign-on on ${productName}`,
    html: layout({ heading: `Confirm ${domain}`, paragraphs, action: { label: 'Confirm the domain', url } }),
    text: text([...paragraphs, `Confirm the domain: ${url}`]),
    links: [url],
  };
}

/**
 * ADR 0109: the one mail a new account gets to prove its own address, written for its owner. Until the link is
 * pressed, results its tasks e-mail to the address wait.
 */
export function ownAddressConfirmationMail({ name, email, url }: { name: string; email: string; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    `Please confirm that ${email} is your e-mail address. Your ${productName} tasks can e-mail their results to it once you have.`,
    `If you did not sign up for ${productName}, ignore this e-mail: nothing is sent to this address until it is confirmed.`,
  ];
  return {
    subject: confirmAddressTitle,
    html: layout({ heading: confirmAddressTitle, paragraphs, action: { label: 'Confirm my e-mail address', url } }),
    text: text([...paragraphs, `Confirm my e-mail address: ${url}`]),
    links: [url],
  };
}

/** "Mon 24 Nov, 09:00": a run's slot in the task's own zone, as the subject of its result (and a chat message) says it. */
export function slotText(slot: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(slot);
}

/**
 * A run's result. The subject says which run it is (issue 19): "Morning brief: result of Mon 24 Nov, 09:00" for a
 * scheduled slot, "Run now: Morning brief" for one started by hand.
 */
export function runResultMail({
  taskName,
  result,
  resultHtml,
  url,
  sender,
  run,
}: {
  taskName: string;
  result: string;
  resultHtml: string;
  url: string;
  /** The task's owner, when the mail goes to someone else: their dashboard is nothing the reader can open. */
  sender?: string;
  run: { trigger: RunTrigger; slot: Date; timeZone: string };
}): Content {
  const subject = run.trigger === 'manual' ? `Run now: ${taskName}` : `${taskName}: result of ${slotText(run.slot, run.timeZone)}`;
  if (sender !== undefined) {
    const paragraphs = [`Here is the latest result of a task ${sender} scheduled in ${productName} to send you.`];
    return {
      subject,
      html: layout({ heading: taskName, paragraphs, contentHtml: resultHtml }),
      text: text([...paragraphs, taskName, result]),
    };
  }
  return {
    subject,
    html: layout({
      heading: taskName,
      paragraphs: ['Here is the latest result of your scheduled task.'],
      contentHtml: resultHtml,
      action: { label: 'View the task', url },
    }),
    text: text([`${taskName}`, result, `View the task: ${url}`]),
    links: [url],
  };
}

/** "Send test message" with e-mail delivery: the result mail's form, filled with a sample. */
export function testDeliveryMail({
  taskName,
  result,
  resultHtml,
  url,
}: {
  taskName: string;
  result: string;
  resultHtml: string;
  url: string;
}): Content {
  return {
    subject: `Test message: ${taskName}`,
    html: layout({
      heading: taskName,
      paragraphs: ['This is how the results of this task will arrive.'],
      contentHtml: resultHtml,
      action: { label: 'View your tasks', url },
    }),
    text: text([`${taskName}`, result, `View your tasks: ${url}`]),
    links: [url],
  };
}

/** Settings → Notifications → Task Completion: a short note besides the delivery itself. */
export function runCompletedNoticeMail({
  taskName,
  url,
  unsubscribe,
}: {
  taskName: string;
  url: string;
  unsubscribe: Unsubscribe;
}): Content {
  const paragraphs = [`Your task "${taskName}" completed a run and its result was delivered.`];
  return notification(
    {
      subject: `Task completed: ${taskName}`,
      html: layout({ heading: 'Task completed', paragraphs, action: { label: 'View the run history', url } }),
      text: text([...paragraphs, `View the run history: ${url}`]),
      links: [url],
    },
    unsubscribe,
  );
}

/** Settings → Notifications → Task Errors: the task's run failed after a success (or its first run failed). */
export function taskFailedMail({
  taskName,
  error,
  url,
  unsubscribe,
}: {
  taskName: string;
  error: string;
  url: string;
  unsubscribe: Unsubscribe;
}): Content {
  const paragraphs = [
    `A run of your task "${taskName}" failed.`,
    `The error was: ${error}`,
    'You will hear again when it works again, or if it stops after repeated failures.',
  ];
  return notification(
    {
      subject: `${taskName} failed`,
      html: layout({ heading: 'A run failed', paragraphs, action: { label: 'See the run', url } }),
      text: text([...paragraphs, `See the run: ${url}`]),
      links: [url],
    },
    unsubscribe,
  );
}

/** Settings → Notifications → Task Errors: a task that was failing completed a run again. */
export function taskRecoveredMail({ taskName, url, unsubscribe }: { taskName: string; url: string; unsubscribe: Unsubscribe }): Content {
  const paragraphs = [`Your task "${taskName}" completed a run again after failing.`];
  return notification(
    {
      subject: `${taskName} recovered`,
      html: layout({ heading: 'Task recovered', paragraphs, action: { label: 'See the run', url } }),
      text: text([...paragraphs, `See the run: ${url}`]),
      links: [url],
    },
    unsubscribe,
  );
}

/** Settings → Notifications → Task Errors: the task stopped after repeated failures. */
export function taskFailingMail({
  taskName,
  failures,
  lastError,
  url,
  unsubscribe,
}: {
  taskName: string;
  failures: number;
  lastError: string;
  url: string;
  unsubscribe: Unsubscribe;
}): Content {
  const paragraphs = [
    `Your task "${taskName}" failed ${failures} times in a row and has been stopped.`,
    `The last error was: ${lastError}`,
    'Fix the cause, then resume the task from its page.',
  ];
  return notification(
    {
      subject: `Task stopped after ${failures} failures: ${taskName}`,
      html: layout({ heading: 'A task needs your attention', paragraphs, action: { label: 'Open the task', url } }),
      text: text([...paragraphs, `Open the task: ${url}`]),
      links: [url],
    },
    unsubscribe,
  );
}

/** This month's runs are used up: scheduled runs are skipped until the count resets, unless the plan grows. */
export function runLimitReachedMail({
  name,
  planName,
  limit,
  resetsOn,
  url,
  team = null,
}: {
  name: string;
  planName: string;
  limit: number;
  resetsOn: string;
  url: string;
  /** The team workspace whose plan it is; null for the reader's personal one. */
  team?: string | null;
}): Content {
  const used = team
    ? `The tasks of ${team} have used all ${limit.toLocaleString('en-US')} runs its ${planName} plan includes this month.`
    : `Your tasks have used all ${limit.toLocaleString('en-US')} runs your ${planName} plan includes this month.`;
  const paragraphs = [
    `Hi ${name},`,
    used,
    `Until the count resets on ${resetsOn}, scheduled runs are skipped: each one shows in your history as "Monthly run limit reached". Upgrade your plan to run more.`,
  ];
  return {
    subject: `Your ${planName} plan's monthly runs are used up`,
    html: layout({ heading: 'Monthly run limit reached', paragraphs, action: { label: 'See the plans', url } }),
    text: text([...paragraphs, `See the plans: ${url}`]),
    links: [url],
  };
}

/** A monthly budget is reached (issue 23): the runs it covers are skipped until the month ends (UTC). */
export function budgetReachedMail({
  name,
  budget,
  taskName,
  resumesOn,
  url,
  team = null,
}: {
  name: string;
  budget: string;
  taskName?: string | undefined;
  resumesOn: string;
  url: string;
  /** The team workspace whose budget it is (ADR 0141); null for the reader's personal one, or a task's budget. */
  team?: string | null | undefined;
}): Content {
  const whose = taskName ? `The monthly budget of your task "${taskName}"` : team ? `The monthly budget of ${team}` : 'Your monthly budget';
  const skipped = taskName ? 'its' : team ? 'its tasks’' : 'your tasks’';
  const paragraphs = [
    `Hi ${name},`,
    `${whose} of ${budget} has been reached.`,
    `Until ${resumesOn} (UTC), ${skipped} scheduled runs are skipped: each one shows in your history as "Monthly budget reached". They resume by themselves then, or as soon as you raise or remove the budget.`,
  ];
  const subject = taskName
    ? `Monthly budget reached: ${taskName}`
    : team
      ? `The monthly budget of ${team} is reached`
      : 'Your monthly budget is reached';
  const action = taskName ? 'Open the task' : 'Open settings';
  return {
    subject,
    html: layout({ heading: 'Monthly budget reached', paragraphs, action: { label: action, url } }),
    text: text([...paragraphs, `${action}: ${url}`]),
    links: [url],
  };
}

/** ADR 0125: an API key (an agent) made a task that waits, paused, until its owner approves it. */
export function taskApprovalMail({
  name,
  taskName,
  keyName,
  schedule,
  url,
}: {
  name: string;
  taskName: string;
  keyName: string;
  schedule: string;
  url: string;
}): Content {
  const paragraphs = [
    `Hi ${name},`,
    `The agent '${keyName}' created the task "${taskName}" (${schedule}) with your API key. It is paused and will not run until you approve it.`,
    'If you did not expect it, delete the task, and revoke the key in Settings → API Keys.',
  ];
  return {
    subject: `Approve "${taskName}", a task created by agent '${keyName}'`,
    html: layout({ heading: 'A task is waiting for your approval', paragraphs, action: { label: 'Review and approve', url } }),
    text: text([...paragraphs, `Review and approve: ${url}`]),
    links: [url],
  };
}

/** A paid plan ended: the tasks paused to fit the plan the user is back on, each with the limit it broke. */
export function tasksPausedMail({
  name,
  planName,
  tasks,
  url,
  team = null,
}: {
  name: string;
  planName: string;
  tasks: { name: string; reason: string }[];
  url: string;
  /** The team workspace whose subscription ended; null for the reader's personal one. */
  team?: string | null;
}): Content {
  const ended = team
    ? `The subscription of ${team} has ended and the workspace is on the ${planName} plan again. These tasks were paused to fit it:`
    : `Your subscription has ended and your account is on the ${planName} plan again. These tasks were paused to fit it:`;
  const paragraphs = [
    `Hi ${name},`,
    ended,
    ...tasks.map((task) => `• ${task.name}: ${task.reason}`),
    'Resume a task from its page once it fits the plan (a slower schedule, fewer active tasks), or subscribe again to run them all.',
  ];
  return {
    subject: `${tasks.length === 1 ? '1 task was' : `${tasks.length} tasks were`} paused: your plan is now ${planName}`,
    html: layout({ heading: 'Some tasks were paused', paragraphs, action: { label: 'See the plans', url } }),
    text: text([...paragraphs, `See the plans: ${url}`]),
    links: [url],
  };
}

/** Issue 24: an account was deleted, by its owner or by an administrator; its data went with it. */
export function accountDeletedMail({ name, byAdministrator, url }: { name: string; byAdministrator: boolean; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    byAdministrator
      ? `An administrator deleted your ${productName} account.`
      : `Your ${productName} account has been deleted, as you asked.`,
    'Your profile, settings, tasks, their runs and results, API keys and usage records are gone, and any paid subscription was cancelled. Nothing more will be sent or charged for this account.',
    'If you did not expect this, reply to this e-mail.',
  ];
  return {
    subject: `Your ${productName} account has been deleted`,
    html: layout({ heading: 'Account deleted', paragraphs, action: { label: `Visit ${productName}`, url } }),
    text: text([...paragraphs, `${productName}: ${url}`]),
    links: [url],
  };
}

/**
 * Issue 24: a task was saved to e-mail its results to someone other than its owner. Nothing is sent there until the
 * address confirms; it may instead refuse all mail of this sender: a person's, or a team's by its name (ADR 0142),
 * whose member who asked (`asker`, gone when their account is) is named too.
 */
export function addressConfirmationMail({
  taskName,
  sender,
  asker,
  team = false,
  confirmUrl,
  unsubscribe,
}: {
  taskName: string;
  sender: string;
  asker: { name: string; email: string } | null;
  team?: boolean;
  confirmUrl: string;
  unsubscribe: { pageUrl: string; headers: Record<string, string> };
}): Content {
  const who = !team
    ? `${sender} (${asker?.email ?? ''})`
    : asker
      ? `${asker.name} (${asker.email}) of the team ${sender}`
      : `The team ${sender}`;
  const paragraphs = [
    `${who} set up "${taskName}" on ${productName} to e-mail its results to this address.`,
    'Nothing is sent to you unless you confirm. If you did not expect this, ignore this e-mail.',
  ];
  const refuse = `To never receive mail from ${sender} through ${productName}, unsubscribe: ${unsubscribe.pageUrl}`;
  return {
    subject: `${productName}: confirm that you want results of ${taskName} from ${sender}`,
    html: layout({
      heading: 'Confirm to receive results',
      paragraphs,
      action: { label: 'Yes, send me the results', url: confirmUrl },
    }).replace(
      '</td></tr></table></body></html>',
      `<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center;line-height:1.5">${escapeHtml(`Never receive mail from ${sender} through ${productName}:`)} <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#4f46e5">Unsubscribe</a></p></td></tr></table></body></html>`,
    ),
    text: text([...paragraphs, `Yes, send me the results: ${confirmUrl}`, refuse]),
    headers: unsubscribe.headers,
    links: [confirmUrl, unsubscribe.pageUrl],
  };
}

/** A result mailed to an address other than the owner's carries a way to refuse all mail of that sender. */
export function withSenderUnsubscribe(
  content: Content,
  { sender, unsubscribe }: { sender: string; unsubscribe: { pageUrl: string; headers: Record<string, string> } },
): Content {
  const note = `You get this e-mail because you confirmed results from ${sender}.`;
  return {
    ...content,
    html: content.html.replace(
      '</td></tr></table></body></html>',
      `<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center;line-height:1.5">${escapeHtml(note)} <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#4f46e5">Unsubscribe from all mail of ${escapeHtml(sender)}</a></p></td></tr></table></body></html>`,
    ),
    text: `${content.text}
${note}
Unsubscribe from all mail of ${sender}: ${unsubscribe.pageUrl}
`,
    headers: { ...content.headers, ...unsubscribe.headers },
    links: [...(content.links ?? []), unsubscribe.pageUrl],
  };
}

/** Issue 24: the account's data is ready to download, for 24 hours. */
export function dataExportReadyMail({ name, url }: { name: string; url: string }): Content {
  const paragraphs = [
    `Hi ${name},`,
    `The copy of your ${productName} data you asked for is ready. The link works for 24 hours.`,
    'If you did not ask for it, change your password.',
  ];
  return {
    subject: `Your ${productName} data is ready to download`,
    html: layout({ heading: 'Your data is ready', paragraphs, action: { label: 'Download my data', url } }),
    text: text([...paragraphs, `Download my data: ${url}`]),
    links: [url],
  };
}

/** One task's week in the Weekly Digest. */
export interface DigestTask {
  name: string;
  url: string;
  paused: boolean;
  /** Finished runs (completed or failed) in the week. */
  runs: number;
  /** Failed runs and completed runs whose delivery failed: a result that never arrived is no success. */
  failures: number;
  /** Of the failures, completed runs whose delivery failed. */
  deliveryFailures: number;
  /** The newest completed run's result in the week, if any. */
  lastResult: string | null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The first few lines of a result, up to 280 characters, so a digest shows what a task said without its whole text.
 * Results are Markdown: headings, emphasis and code marks are dropped, as the reader would not see them either.
 */
export function resultExcerpt(result: string): string {
  const lines = result
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, '')
        .replaceAll(/\*\*|__|`/g, '')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');
  return lines.length > 280 ? `${lines.slice(0, 279).trimEnd()}…` : lines;
}

function digestTaskSummary(task: DigestTask): string {
  if (task.runs === 0) return task.paused ? 'Paused; no runs this week.' : 'No runs this week.';
  const rate = Math.round(((task.runs - task.failures) / task.runs) * 100);
  const undelivered = task.deliveryFailures > 0 ? ` (${task.deliveryFailures.toLocaleString('en-US')} not delivered)` : '';
  return `${plural(task.runs, 'run')}, ${plural(task.failures, 'failure')}${undelivered}, ${rate}% successful.`;
}

/** "Mon 17 Nov": a day of the digest's week in the user's zone. */
function dayText(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(instant);
}

/**
 * Settings → Weekly Digest: each task's runs, failures, success rate and the start of its last result over the past
 * 7 days, busiest first, with links.
 */
export function weeklyDigestMail({
  name,
  period,
  tasks,
  moreTasks,
  totals,
  url,
  unsubscribe,
}: {
  name: string;
  period: { start: Date; end: Date; timeZone: string };
  tasks: DigestTask[];
  moreTasks: number;
  totals: { runs: number; failures: number };
  url: string;
  unsubscribe: Unsubscribe;
}): Content {
  const periodText = `${dayText(period.start, period.timeZone)} – ${dayText(period.end, period.timeZone)}`;
  const intro = [
    `Hi ${name},`,
    `Your tasks finished ${plural(totals.runs, 'run')} with ${plural(totals.failures, 'failure')} from ${periodText}.`,
  ];
  const more = moreTasks > 0 ? [`…and ${plural(moreTasks, 'more task')}: see them all in your history.`] : [];
  const tasksHtml = tasks
    .map(
      (task) => `<div style="margin:0 0 16px">
<p style="margin:0 0 4px;font-weight:bold"><a href="${escapeHtml(task.url)}" style="color:#0f172a">${escapeHtml(task.name)}</a></p>
<p style="margin:0 0 4px;font-size:14px;color:${task.failures > 0 ? '#b91c1c' : '#475569'}">${escapeHtml(digestTaskSummary(task))}</p>
${task.lastResult ? `<p style="margin:0;font-size:14px;color:#334155">${escapeHtml(resultExcerpt(task.lastResult))}</p>` : ''}</div>`,
    )
    .join('');
  const tasksText = tasks.map((task) =>
    [task.name, digestTaskSummary(task), ...(task.lastResult ? [resultExcerpt(task.lastResult)] : []), task.url].join('\n'),
  );
  return notification(
    {
      subject: `Weekly digest: ${plural(totals.runs, 'run')}, ${plural(totals.failures, 'failure')}`,
      html: layout({
        heading: 'Your week in tasks',
        paragraphs: intro,
        contentHtml: tasksHtml + more.map((line) => `<p style="margin:0">${escapeHtml(line)}</p>`).join(''),
        action: { label: 'Open your history', url },
      }),
      text: text([...intro, ...tasksText, ...more, `Open your history: ${url}`]),
      links: [url, ...tasks.map((task) => task.url)],
    },
    unsubscribe,
  );
}

/** Issue 40: the watchdog found tasks overdue, with no worker running them; one e-mail per incident to each admin. */
export function overdueTasksMail({ overdueTasks, url }: { overdueTasks: number; url: string }): Content {
  const tasks = overdueTasks === 1 ? '1 task is' : `${overdueTasks} tasks are`;
  const paragraphs = [
    `${tasks} overdue: ${overdueTasks === 1 ? 'its' : 'their'} scheduled time passed more than a minute ago and no worker has run ${overdueTasks === 1 ? 'it' : 'them'}.`,
    `Check that a worker is running (the "all" or "worker" role) and can reach the database. When one returns, it runs or skips the missed slots by the catch-up rule, and the incident closes. You get no other e-mail about this incident.`,
  ];
  return {
    subject: `${productName}: ${tasks} overdue, no worker has run them`,
    html: layout({ heading: 'Tasks are overdue', paragraphs, action: { label: 'Open the admin overview', url } }),
    text: text([...paragraphs, `Open the admin overview: ${url}`]),
    links: [url],
  };
}
