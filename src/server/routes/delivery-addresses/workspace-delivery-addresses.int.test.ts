import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addressUnsubscribedError } from '#shared/tasks/delivery-address.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { deliveryAddresses, taskRuns, workspaceMembers, workspaces } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { deliverRun } from '#server/engine/jobs/deliver-run';
import { sendAddressConfirmationJob } from '#server/queue/job-definitions';
import { privateJobs } from '#server/queue/queue-internals';
import { expectStatus, useTestApp, type SignedInUser } from '#test/app';
import { taskInput } from '#test/builders';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import type { ReceivedMail } from '#test/mail-server';
import { seedRun } from '#test/seed';
import { useMailServer } from '#test/use-mail-server';

/**
 * Confirmed delivery addresses belong to a workspace (ADR 0142): confirmed once for a team, an address receives every
 * team task, whoever made it; it stays unasked for the members' personal workspaces, and unsubscribing from one
 * workspace's mail leaves the others' alone. A real database and a real SMTP server.
 */
const mail = useMailServer();
const env = () => ({ OPENAI_API_KEY: 'sk-test', SMTP_URL: mail.url });
const t = useTestApp({ env });
const engine = () => createEngineDeps({ database: t.database, env: env() });

const client = 'client@example.com';
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let team: { id: string };

const inTeam = () => ({ 'X-Workspace-Id': team.id });

beforeAll(async () => {
  owner = await t.signIn({ name: 'Olga Owner' });
  editor = await t.signIn({ name: 'Eddie Editor' });
  viewer = await t.signIn({ name: 'Vera Viewer' });
  const [workspace] = await t.db
    .insert(workspaces)
    .values({ name: 'Acme Research', slug: `acme-research-${Date.now()}` })
    .returning();
  if (!workspace) throw new Error('no workspace');
  team = workspace;
  await t.db.insert(workspaceMembers).values([
    { workspaceId: team.id, userId: owner.id, role: 'owner' },
    { workspaceId: team.id, userId: editor.id, role: 'editor' },
    { workspaceId: team.id, userId: viewer.id, role: 'viewer' },
  ]);
});

/** A task mailing `email`, saved through the API in the team, or in the member's personal workspace. */
async function createTask(by: SignedInUser, name: string, email: string, where: 'team' | 'personal') {
  const { task } = await by.client.expectOk(taskResponseSchema, '/api/tasks', {
    method: 'POST',
    body: taskInput({ name, deliveryConfig: { email } }),
    headers: where === 'team' ? inTeam() : {},
    status: 201,
  });
  return task;
}

/** Sends the queued confirmation e-mails as a worker would, and empties the queue; how many there were. */
async function sendQueuedConfirmations(): Promise<number> {
  const jobs = createJobList(engine());
  const queued = await queuedJobs(t.database, sendAddressConfirmationJob);
  for (const { payload } of queued) await jobs[sendAddressConfirmationJob.name](payload, {} as never);
  await t.db.execute(sql`delete from ${privateJobs}`);
  return queued.length;
}

async function deliverNewRun(task: { id: string }, by: SignedInUser, result: string) {
  const run = await seedRun(t.db, { id: task.id, userId: by.id }, { deliveryStatus: 'pending', result });
  await deliverRun(engine(), { runId: run.id, attempt: 1 });
  const [recorded] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
  return recorded;
}

const statusOf = async (by: SignedInUser, taskId: string, where: 'team' | 'personal') =>
  await by.client.ok(`/api/tasks/${taskId}/delivery-address`, { headers: where === 'team' ? inTeam() : {} });

const tokenIn = (message: ReceivedMail, action: 'confirm' | 'unsubscribe') => {
  const link = message.links.find((url) => url.includes(`/delivery-address?action=${action}`));
  expect(link).toBeDefined();
  return new URL(link ?? '').searchParams.get('token') ?? '';
};

const answerLink = async (action: 'confirm' | 'unsubscribe', token: string) =>
  await t
    .visitor('203.0.113.90')
    .request(`/api/delivery-addresses/${action}?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { Origin: undefined } });

describe('delivery addresses of a workspace', () => {
  it('confirms an address once for a team: every member’s team task mails it, the personal ones still ask', async () => {
    const first = await createTask(owner, 'Market brief', client, 'team');
    expect(await sendQueuedConfirmations()).toBe(1);
    const asked = await mail.waitFor(client);
    // A team asks by its name; the member whose task asked is named in the text.
    expect(asked.subject).toBe('Promptcron: confirm that you want results of Market brief from Acme Research');
    expect(asked.text).toContain(`Olga Owner (${owner.email}) of the team Acme Research`);
    const confirmed = await answerLink('confirm', tokenIn(asked, 'confirm'));
    expectStatus(confirmed, 200);
    expect(confirmed.body).toEqual({ email: client, sender: 'Acme Research', status: 'confirmed' });
    expect(await statusOf(viewer, first.id, 'team')).toMatchObject({ address: { email: client, status: 'confirmed' } });

    // Another member's team task: no second question, delivered, with the team's unsubscribe link.
    const second = await createTask(editor, 'Competitor watch', client, 'team');
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(await statusOf(editor, second.id, 'team')).toMatchObject({ address: { email: client, status: 'confirmed' } });
    expect(await deliverNewRun(second, editor, 'Competitors: quiet.')).toMatchObject({ deliveryStatus: 'delivered', deliveryError: null });
    const result = await mail.waitFor(client, (message) => message.subject.startsWith('Run now: Competitor watch'));
    expect(result.text).toContain('Competitors: quiet.');
    expect(result.text).toContain('Unsubscribe from all mail of Acme Research');

    // The same address from the editor's personal workspace is asked afresh, in the editor's name.
    const personal = await createTask(editor, 'Personal brief', client, 'personal');
    expect(await statusOf(editor, personal.id, 'personal')).toMatchObject({ address: { email: client, status: 'pending' } });
    expect(await sendQueuedConfirmations()).toBe(1);
    const personalAsk = await mail.waitFor(client, (message) => message.subject.includes('Personal brief'));
    expect(personalAsk.subject).toBe('Promptcron: confirm that you want results of Personal brief from Eddie Editor');
    expect(await deliverNewRun(personal, editor, 'Not yet.')).toMatchObject({
      deliveryStatus: 'skipped',
      deliveryError: 'Not delivered: address not confirmed',
    });
    expectStatus(await answerLink('confirm', tokenIn(personalAsk, 'confirm')), 200);

    // Unsubscribing from the team's mail leaves the personal confirmation as it was.
    const unsubscribed = await answerLink('unsubscribe', tokenIn(result, 'unsubscribe'));
    expectStatus(unsubscribed, 200);
    expect(unsubscribed.body).toEqual({ email: client, sender: 'Acme Research', status: 'unsubscribed' });
    expect(await statusOf(owner, first.id, 'team')).toMatchObject({ address: { status: 'unsubscribed' } });
    expect(await deliverNewRun(first, owner, 'Held.')).toMatchObject({
      deliveryStatus: 'skipped',
      deliveryError: addressUnsubscribedError,
    });
    expect(await statusOf(editor, personal.id, 'personal')).toMatchObject({ address: { status: 'confirmed' } });
    expect(await deliverNewRun(personal, editor, 'Personal news.')).toMatchObject({ deliveryStatus: 'delivered' });
    const rows = await t.db
      .select({ workspaceId: deliveryAddresses.workspaceId, status: deliveryAddresses.status })
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.email, client));
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ workspaceId: team.id, status: 'unsubscribed' });
    // A new team task to an address that said no to the team asks nothing.
    await createTask(editor, 'Third try', client, 'team');
    expect(await sendQueuedConfirmations()).toBe(0);
  });

  it('lets an editor send a pending address’s confirmation again, once a minute, and never to an answered one', async () => {
    const task = await createTask(editor, 'Lost mail brief', 'lost@example.com', 'team');
    expect(await sendQueuedConfirmations()).toBe(1);
    await mail.waitFor('lost@example.com');
    const resend = (by: SignedInUser, destinationId: string | undefined = task.destinations[0]?.id) =>
      by.client.request(`/api/tasks/${task.id}/delivery-address/resend`, { method: 'POST', body: { destinationId }, headers: inTeam() });

    expect((await resend(viewer)).status).toBe(403);
    const again = await resend(editor);
    expectStatus(again, 202);
    expect(again.body).toEqual({ email: 'lost@example.com' });
    expect(await sendQueuedConfirmations()).toBe(1);
    const lostMails = () => mail.messages.filter((message) => message.to.includes('lost@example.com'));
    await vi.waitFor(() => expect(lostMails()).toHaveLength(2));
    const asks = lostMails();
    expect(asks.map((message) => message.subject)).toEqual([
      'Promptcron: confirm that you want results of Lost mail brief from Acme Research',
      'Promptcron: confirm that you want results of Lost mail brief from Acme Research',
    ]);
    const tooSoon = await resend(owner);
    expectStatus(tooSoon, 429);
    expect((await resend(editor, 'dst_nothing')).status).toBe(404);

    expectStatus(await answerLink('unsubscribe', tokenIn(asks[1] as ReceivedMail, 'unsubscribe')), 200);
    await t.db.execute(sql`delete from rate_limit where key like 'delivery-address-confirmation:%'`);
    const refused = await resend(editor);
    expectStatus(refused, 409);
    expect(await sendQueuedConfirmations()).toBe(0);
  });

  it('answers 404 to a stranger probing a team task’s address status, in the team or in their own workspace', async () => {
    const task = await createTask(editor, 'Private brief', 'private@example.com', 'team');
    const stranger = await t.signIn({ name: 'Sam Stranger' });
    for (const headers of [inTeam(), {}]) {
      const answer = await stranger.client.request(`/api/tasks/${task.id}/delivery-address`, { headers });
      expect(answer.status).toBe(404);
    }
    const [row] = await t.db
      .select({ status: deliveryAddresses.status })
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.workspaceId, team.id), eq(deliveryAddresses.email, 'private@example.com')));
    expect(row).toEqual({ status: 'pending' });
  });
});
