import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParsedTaskInput } from '#shared/tasks/task.schema';
import { testUser } from '#test/fixtures';
import { errorResponse, requested, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { DeliveryCard } from './delivery-card';
import { newTaskFormValues, taskFormSchema, type TaskFormValues } from './task-form-values';

const testPath = '/api/tasks/test-delivery';

/** The card inside a form set up as TaskForm sets it up: the shared schema, validated on every change. */
function DeliveryForm({ defaultValues }: { defaultValues: TaskFormValues }) {
  const form = useForm<TaskFormValues, unknown, ParsedTaskInput>({
    resolver: zodResolver(taskFormSchema),
    mode: 'onChange',
    defaultValues,
  });
  return (
    <FormProvider {...form}>
      <form noValidate>
        <DeliveryCard userEmail={testUser.email} />
      </form>
    </FormProvider>
  );
}

function renderDeliveryCard(sendTest?: (request: StubRequest) => Response | Promise<Response>) {
  const fetchMock = stubApi({ handlers: sendTest ? { [`POST ${testPath}`]: sendTest } : {} });
  const defaultValues = {
    ...newTaskFormValues({ email: testUser.email, browserZone: 'UTC' }),
    name: 'Morning briefing',
  };
  renderWithToasts([{ path: '/', element: <DeliveryForm defaultValues={defaultValues} /> }]);
  return { fetchMock, user: userEvent.setup() };
}

const methods = () => within(screen.getByRole('group', { name: 'Delivery Method' })).getAllByRole('radio') as HTMLInputElement[];
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: /Send test message|Sending/ });

const slackUrl = 'https://hooks.slack.com/services/T0001/B0001/secret-token';

describe('delivery card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('offers e-mail, webhook, Slack and Discord, each with its own address field', async () => {
    const { user } = renderDeliveryCard();

    expect(methods().map((method) => method.value)).toEqual(['email', 'webhook', 'slack', 'discord']);
    expect(radio('Email').checked).toBe(true);
    expect(field('Email').value).toBe(testUser.email);

    await user.click(radio('Slack'));
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(field('Slack webhook URL').placeholder).toBe('https://hooks.slack.com/services/…');
    expect(screen.getByText(/Incoming Webhook app to your Slack workspace/)).toBeTruthy();

    await user.click(radio('Discord'));
    expect(screen.queryByLabelText('Slack webhook URL')).toBeNull();
    expect(field('Discord webhook URL').placeholder).toBe('https://discord.com/api/webhooks/…');
    expect(screen.getByText(/Server Settings → Integrations → Webhooks/)).toBeTruthy();

    await user.click(radio('Webhook'));
    expect(field('Webhook URL')).toBeTruthy();
    expect(screen.getByText(/signed with this task's secret/)).toBeTruthy();
  });

  it('clears the URL when moving between webhook, Slack and Discord, since one does not fit another', async () => {
    const { user } = renderDeliveryCard();

    await user.click(radio('Slack'));
    await fillIn(user, field('Slack webhook URL'), slackUrl);
    await user.click(radio('Discord'));
    expect(field('Discord webhook URL').value).toBe('');
    await fillIn(user, field('Discord webhook URL'), 'https://discord.com/api/webhooks/1/token');
    await user.click(radio('Webhook'));
    expect(field('Webhook URL').value).toBe('');

    await user.click(radio('Email'));
    expect(field('Email').value).toBe(testUser.email);
  });

  it('sends the delivery fields and the task name as a test, and says what Slack answered', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, user } = renderDeliveryCard(() => new Promise<Response>((resolve) => (answer = resolve)));

    await user.click(radio('Slack'));
    await fillIn(user, field('Slack webhook URL'), slackUrl);
    await user.click(sendButton());

    await waitFor(() => expect(sendButton().textContent).toBe('Sending...'));
    expect(sendButton().getAttribute('aria-busy')).toBe('true');
    expect(sentBodies(fetchMock, 'POST', testPath)).toEqual([
      { name: 'Morning briefing', deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slackUrl } },
    ]);
    // A second click while the first test is on its way sends nothing more.
    await user.click(sendButton());
    answer(jsonResponse({ ok: true, statusCode: 200, error: null }));

    expect(await screen.findByText('Test message sent')).toBeTruthy();
    expect(screen.getByText('Your Slack channel answered 200.')).toBeTruthy();
    expect(sendButton().textContent).toBe('Send test message');
    expect(sentBodies(fetchMock, 'POST', testPath)).toHaveLength(1);
  });

  it('sends an e-mail test to the address in the field and asks to check the inbox', async () => {
    const { fetchMock, user } = renderDeliveryCard(() => jsonResponse({ ok: true, statusCode: null, error: null }));

    await user.click(sendButton());

    expect(await screen.findByText('Test message sent')).toBeTruthy();
    expect(screen.getByText('Check your inbox.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', testPath)).toEqual([
      { name: 'Morning briefing', deliveryMethod: 'email', deliveryConfig: { email: testUser.email } },
    ]);
  });

  it("shows the receiver's refusal as a failed test", async () => {
    const { user } = renderDeliveryCard(() => jsonResponse({ ok: false, statusCode: 404, error: 'Slack answered 404: no_team' }));

    await user.click(radio('Slack'));
    await fillIn(user, field('Slack webhook URL'), slackUrl);
    await user.click(sendButton());

    expect(await screen.findByText('Test message failed')).toBeTruthy();
    expect(screen.getByText('Slack answered 404: no_team')).toBeTruthy();
    expect(screen.queryByText('Test message sent')).toBeNull();
  });

  it('shows an empty Slack URL as a field error without sending anything', async () => {
    const { fetchMock, user } = renderDeliveryCard(() => jsonResponse({ ok: true, statusCode: 200, error: null }));

    await user.click(radio('Slack'));
    await user.click(sendButton());

    expect(await screen.findByText('Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).')).toBeTruthy();
    expect(field('Slack webhook URL').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Slack webhook URL')));
    expect(requested(fetchMock, testPath)).toBe(false);
  });

  it("puts the server's field error under the field: e-mail tests go only to the user's own address", async () => {
    const message = 'Test e-mails go only to your own address. Save the task to send results to another address.';
    const { user } = renderDeliveryCard(() => errorResponse(400, 'validation_failed', message, { 'deliveryConfig.email': message }));

    await fillIn(user, field('Email'), 'team@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('Test message failed')).toBeTruthy();
    const error = document.getElementById('task-email-error');
    expect(error?.textContent).toBe(message);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's message when too many tests were sent", async () => {
    const message = 'You can send 10 test messages a minute. Please wait 42 s and try again.';
    const { user } = renderDeliveryCard(() => errorResponse(429, 'rate_limited', message));

    await user.click(sendButton());

    expect(await screen.findByText('Test message failed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
