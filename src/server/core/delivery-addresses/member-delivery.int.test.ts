import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressNotConfirmedError, addressUnsubscribedError } from '#shared/tasks/delivery-address.schema';
import { requestDeliveryAddress } from '#server/core/delivery-addresses/request-delivery-address';
import { removeMember } from '#server/core/workspaces/manage-members';
import { createWorkspace } from '#server/core/workspaces/manage-workspaces';
import { deliveryAddresses, taskRuns, tasks, workspaceMembers } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { deliverRun } from '#server/engine/jobs/deliver-run';
import { sendAddressConfirmationJob } from '#server/queue/job-definitions';
import { privateJobs } from '#server/queue/queue-internals';
import { useTestApp, type SignedInUser } from '#test/app';
import { taskRow } from '#test/builders';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { useMailServer } from '#test/use-mail-server';
import { seedRun } from '#test/seed';
import type { Workspace } from '#shared/workspaces/workspace.schema';

/**
 * Results mailed to a member of the task's workspace (ADR 0138): a member's confirmed own address needs no
 * confirmation while they are a member, asked at every send; anyone else's keeps ADRs 0053/0090. A real database and
 * a real SMTP server that the results and confirmation mails go through.
 */
const mail = useMailServer();
const env = () => ({ OPENAI_API_KEY: 'sk-test', SMTP_URL: mail.url });
const t = useTestApp({ env });
const engine = () => createEngineDeps({ database: t.database, env: env() });

let owner: SignedInUser;
let team: Workspace;

beforeAll(async () => {
  owner = await t.signIn({ name: 'Olga Owner', plan: 'unlimited' });
  team = await createWorkspace({ db: t.db, userId: owner.id, input: { name: 'Olga research' } });
});

/** Joins the team as an accepted invitation does; the invitation's own rules are tested with the workspaces. */
async function join(account: { id: string }, role: 'editor' | 'viewer' = 'viewer') {
  await t.db.insert(workspaceMembers).values({ workspaceId: team.id, userId: account.id, role });
}

/** A task of the owner in the team that e-mails `email`, as saving it would: the address asked unless it need not be. */
async function teamTask(name: string, email: string) {
  const [task] = await t.db
    .insert(tasks)
    .values(taskRow(owner.id, { name, workspaceId: team.id, deliveryConfig: { email } }))
    .returning();
  if (!task) throw new Error('no task inserted');
  await t.db.transaction((tx) => requestDeliveryAddress(tx, { userId: owner.id, workspaceId: team.id, taskName: name, email }));
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

/** A finished run of the task, delivered as the engine would deliver it; the run as it was recorded after. */
async function deliverNewRun(task: { id: string }, result: string) {
  const run = await seedRun(t.db, { id: task.id, userId: owner.id }, { deliveryStatus: 'pending', result });
  await deliverRun(engine(), { runId: run.id, attempt: 1 });
  const [recorded] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
  return recorded;
}

const addressStatus = async (taskId: string) =>
  await owner.client.ok(`/api/tasks/${taskId}/delivery-address`, { headers: { 'X-Workspace-Id': team.id } });

const mailsTo = (email: string) => mail.messages.filter((message) => message.to.includes(email));

describe('delivery to the members of the task’s workspace', () => {
  it('mails a member’s confirmed address without asking it, and shows it as a member’s', async () => {
    const member = await t.signIn({ name: 'Mia Member' });
    await join(member);
    const task = await teamTask('Team brief', member.email.toUpperCase());

    expect(await addressStatus(task.id)).toEqual({
      address: { email: member.email, status: 'member' },
      addresses: [{ destinationId: expect.any(String), email: member.email, status: 'member' }],
    });
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.email, member.email))).toEqual([]);

    expect(await deliverNewRun(task, 'The team’s news.')).toMatchObject({ deliveryStatus: 'delivered', deliveryError: null });
    const result = await mail.waitFor(member.email, (message) => message.subject.startsWith('Run now: Team brief'));
    expect(result.text).toContain('The team’s news.');
    expect(mailsTo(member.email).filter((message) => message.subject.includes('confirm'))).toEqual([]);
  });

  it('still asks a member whose account has not confirmed its address, and holds results until it does', async () => {
    const unproven = await t.signIn({ name: 'Uma Unproven', emailVerified: false });
    await join(unproven, 'editor');
    const task = await teamTask('Unproven brief', unproven.email);

    expect(await addressStatus(task.id)).toMatchObject({ address: { email: unproven.email, status: 'pending' } });
    expect(await sendQueuedConfirmations()).toBe(1);
    const confirmation = await mail.waitFor(unproven.email);
    expect(confirmation.subject).toBe('Promptcron: confirm that you want results of Unproven brief from Olga research');
    expect(await deliverNewRun(task, 'Not yet.')).toMatchObject({ deliveryStatus: 'skipped', deliveryError: addressNotConfirmedError });
    expect(mailsTo(unproven.email)).toHaveLength(1);
  });

  it('still asks the confirmed address of someone who is no member of the task’s workspace', async () => {
    // A member of another team of the owner's: membership counts in the task's workspace only.
    const outsider = await t.signIn({ name: 'Otto Outsider' });
    const otherTeam = await createWorkspace({ db: t.db, userId: owner.id, input: { name: 'Olga other team' } });
    await t.db.insert(workspaceMembers).values({ workspaceId: otherTeam.id, userId: outsider.id, role: 'viewer' });
    const task = await teamTask('Outside brief', outsider.email);

    expect(await addressStatus(task.id)).toMatchObject({ address: { email: outsider.email, status: 'pending' } });
    expect(await sendQueuedConfirmations()).toBe(1);
    expect((await mail.waitFor(outsider.email)).subject).toBe(
      'Promptcron: confirm that you want results of Outside brief from Olga research',
    );
    expect(await deliverNewRun(task, 'Not for you.')).toMatchObject({ deliveryStatus: 'skipped', deliveryError: addressNotConfirmedError });
    expect(mailsTo(outsider.email)).toHaveLength(1);
  });

  it('keeps an address that unsubscribed from the team’s mail unsubscribed after it joins', async () => {
    const refuser = await t.signIn({ name: 'Rita Refuser' });
    await t.db
      .insert(deliveryAddresses)
      .values({ workspaceId: team.id, email: refuser.email, status: 'unsubscribed', unsubscribedAt: new Date() });
    await join(refuser);
    const task = await teamTask('Refused brief', refuser.email);

    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'unsubscribed' } });
    expect(await deliverNewRun(task, 'No.')).toMatchObject({ deliveryStatus: 'skipped', deliveryError: addressUnsubscribedError });
    expect(mailsTo(refuser.email)).toEqual([]);
  });

  it('treats a removed member as a stranger at the next run: held, and asked to confirm', async () => {
    const leaver = await t.signIn({ name: 'Lea Leaver' });
    await join(leaver);
    const task = await teamTask('Leaver brief', leaver.email);
    expect(await deliverNewRun(task, 'While a member.')).toMatchObject({ deliveryStatus: 'delivered' });
    await mail.waitFor(leaver.email, (message) => message.subject.startsWith('Run now: Leaver brief'));

    await removeMember({ db: t.db, workspace: team, actorId: owner.id, memberId: leaver.id });
    expect(await addressStatus(task.id)).toMatchObject({ address: { email: leaver.email, status: 'pending' } });
    expect(await deliverNewRun(task, 'After leaving.')).toMatchObject({
      deliveryStatus: 'skipped',
      deliveryError: addressNotConfirmedError,
    });
    // Asked now, once, as saving the task asks a stranger's address.
    const [asked] = await t.db
      .select({ status: deliveryAddresses.status })
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.workspaceId, team.id), eq(deliveryAddresses.email, leaver.email)));
    expect(asked).toEqual({ status: 'pending' });
    expect(await sendQueuedConfirmations()).toBe(1);
    const confirmation = await mail.waitFor(leaver.email, (message) => message.subject.startsWith('Promptcron: confirm'));
    expect(confirmation.subject).toBe('Promptcron: confirm that you want results of Leaver brief from Olga research');
    expect(await deliverNewRun(task, 'Still outside.')).toMatchObject({
      deliveryStatus: 'skipped',
      deliveryError: addressNotConfirmedError,
    });
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(mailsTo(leaver.email).map((message) => message.subject.split(':')[0])).toEqual(['Run now', 'Promptcron']);
  });
});
