import { describe, expect, it } from 'vitest';
import { parsePrompt, taskInputSchema, taskMessages } from './task.schema';

const valid = {
  name: 'Morning brief',
  provider: 'openai',
  model: 'gpt-5-nano',
  scheduleType: 'daily',
  localTime: '08:00',
  startDate: '2026-11-21',
  timezone: 'Europe/Berlin',
  prompt: { input: 'Summarise the AI news of the day.', temperature: 1, searchEnabled: true },
  deliveryMethod: 'email',
  deliveryConfig: { email: 'ada@example.com' },
};

function fieldMessages(input: unknown): Record<string, string> {
  const result = taskInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('task rules (spec section 5)', () => {
  it('accepts a complete task', () => {
    expect(fieldMessages(valid)).toEqual({});
  });

  it('reports every rule a task breaks, with the spec messages', () => {
    expect(
      fieldMessages({
        name: 'x',
        provider: '',
        model: '',
        scheduleType: '',
        timezone: 'UTC',
        prompt: { input: 'too short' },
        deliveryMethod: '',
        deliveryConfig: {},
      }),
    ).toEqual({
      name: 'Task name must be at least 2 characters.',
      provider: 'Please select a provider.',
      model: 'Please select a model.',
      scheduleType: 'Please select a schedule type.',
      'prompt.input': 'Prompt input must be at least 10 characters.',
      deliveryMethod: 'Please select a delivery method.',
    });
  });

  it('requires a valid e-mail for e-mail delivery and a valid URL for webhooks', () => {
    expect(fieldMessages({ ...valid, deliveryConfig: { email: 'not-an-email' } })).toEqual({
      'deliveryConfig.email': 'Email is required for email delivery',
    });
    expect(fieldMessages({ ...valid, deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: 'ftp://example.com/x' } })).toEqual({
      'deliveryConfig.webhookUrl': 'Webhook URL is required for webhook delivery',
    });
    expect(fieldMessages({ ...valid, deliveryConfig: 'nope' })).toEqual({ deliveryConfig: 'Please provide valid delivery details.' });
  });

  it('keeps only the chosen delivery method’s address', () => {
    const parsed = taskInputSchema.parse({
      ...valid,
      deliveryMethod: 'webhook',
      deliveryConfig: { email: 'a@example.com', webhookUrl: 'https://hooks.example.com/x' },
    });
    expect(parsed.deliveryConfig).toEqual({ webhookUrl: 'https://hooks.example.com/x' });
  });

  it('delivers every run unless told otherwise; "condition" needs a question of up to 500 characters, kept only for it', () => {
    expect(taskInputSchema.parse(valid)).toMatchObject({ deliverWhen: 'always', deliveryCondition: undefined });
    expect(fieldMessages({ ...valid, deliverWhen: 'sometimes' })).toEqual({ deliverWhen: 'Please choose when to deliver.' });
    expect(fieldMessages({ ...valid, deliverWhen: 'condition', deliveryCondition: '   ' })).toEqual({
      deliveryCondition: 'Please enter a yes/no question about the result.',
    });
    expect(fieldMessages({ ...valid, deliverWhen: 'condition', deliveryCondition: 'x'.repeat(501) })).toEqual({
      deliveryCondition: 'The question must be at most 500 characters.',
    });
    expect(taskInputSchema.parse({ ...valid, deliverWhen: 'condition', deliveryCondition: ' Is it below 500 EUR? ' })).toMatchObject({
      deliveryCondition: 'Is it below 500 EUR?',
    });
    expect(
      taskInputSchema.parse({ ...valid, deliverWhen: 'changed', deliveryCondition: 'Is it below 500 EUR?' }).deliveryCondition,
    ).toBeUndefined();
  });

  it('keeps temperature within 0–2 in steps of 0.1, default 1', () => {
    expect(fieldMessages({ ...valid, prompt: { ...valid.prompt, temperature: 2.5 } })).toEqual({
      'prompt.temperature': taskMessages.temperature,
    });
    expect(taskInputSchema.parse({ ...valid, prompt: { input: valid.prompt.input } }).prompt).toEqual({
      input: valid.prompt.input,
      temperature: 1,
      searchEnabled: false,
    });
    expect(taskInputSchema.parse({ ...valid, prompt: { ...valid.prompt, temperature: 0.30000000000000004 } }).prompt.temperature).toBe(0.3);
  });

  it.each([[''], [null], [true], [[]], ['1']])('takes only a number as temperature, not %j', (temperature) => {
    expect(fieldMessages({ ...valid, prompt: { ...valid.prompt, temperature } })).toEqual({
      'prompt.temperature': taskMessages.temperature,
    });
  });

  it('refuses control characters and lone surrogates in text, keeping line breaks in the prompt and description', () => {
    const message = 'Text cannot contain control characters.';
    expect(
      fieldMessages({
        ...valid,
        name: 'Morning\u0000brief',
        description: 'bell\u0007',
        model: 'gpt-5-nano\u0000',
        timezone: 'Europe/Berlin\u0000',
        prompt: { ...valid.prompt, input: 'Summarise the news \ud800 of the day.' },
        deliveryConfig: { email: 'ada\u0000@example.com' },
      }),
    ).toMatchObject({
      name: message,
      description: message,
      model: message,
      timezone: message,
      'prompt.input': message,
      'deliveryConfig.email': message,
    });
    expect(fieldMessages({ ...valid, scheduleType: 'custom', customCron: '0 9 * * 1\u0000' })).toEqual({ customCron: message });
    expect(
      fieldMessages({ ...valid, deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: 'https://hooks.example.com/\u001f' } }),
    ).toMatchObject({ 'deliveryConfig.webhookUrl': message });
    expect(
      fieldMessages({ ...valid, description: 'Line one\r\n\tLine two', prompt: { ...valid.prompt, input: 'First line\nSecond line 😀' } }),
    ).toEqual({});
  });

  it('limits e-mail addresses to 254 characters and URLs to 2,048', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(fieldMessages({ ...valid, deliveryConfig: { email: long } })).toEqual({ 'deliveryConfig.email': taskMessages.emailTooLong });
    const url = `https://hooks.example.com/${'x'.repeat(2030)}`;
    expect(fieldMessages({ ...valid, deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: url } })).toEqual({
      'deliveryConfig.webhookUrl': taskMessages.webhookUrlTooLong,
    });
  });

  it('refuses start dates PostgreSQL cannot store and schedules that never fire', () => {
    expect(fieldMessages({ ...valid, startDate: '0000-01-01' })).toEqual({ startDate: taskMessages.startDate });
    expect(fieldMessages({ ...valid, startDate: '9999-12-31' })).toEqual({ startDate: taskMessages.neverFires });
    expect(fieldMessages({ ...valid, scheduleType: 'custom', customCron: '0 0 30 2 *' })).toEqual({ customCron: taskMessages.neverFires });
    expect(fieldMessages({ ...valid, scheduleType: 'custom', customCron: '0 0 29 2 *' })).toEqual({});
  });

  it('switches web search off for a model without it', () => {
    expect(taskInputSchema.parse({ ...valid, model: 'gpt-5-chat-latest' }).prompt.searchEnabled).toBe(false);
    expect(taskInputSchema.parse(valid).prompt.searchEnabled).toBe(true);
  });

  it('refuses a model that does not belong to the provider', () => {
    expect(fieldMessages({ ...valid, model: 'claude-sonnet-4-5' })).toEqual({ model: 'Please select a model.' });
  });

  it('requires a valid 5-field cron for a custom schedule, and then drops the time', () => {
    expect(fieldMessages({ ...valid, scheduleType: 'custom', customCron: '61 * * * *' })).toEqual({ customCron: taskMessages.cron });
    expect(fieldMessages({ ...valid, scheduleType: 'custom', customCron: '0 0 9 * * *' })).toEqual({
      customCron: taskMessages.cronSeconds,
    });
    const parsed = taskInputSchema.parse({ ...valid, scheduleType: 'custom', customCron: '*/15 * * * *' });
    // A cron keeps its start date and is read in the task's zone unless it names its own.
    expect(parsed).toMatchObject({
      customCron: '*/15 * * * *',
      localTime: undefined,
      startDate: '2026-11-21',
      cronTimezone: valid.timezone,
    });
  });

  it('requires a time for simple schedules and a real time zone', () => {
    expect(fieldMessages({ ...valid, localTime: undefined })).toEqual({ localTime: taskMessages.time });
    expect(fieldMessages({ ...valid, localTime: '24:00', timezone: 'Nowhere/Land' })).toEqual({
      localTime: taskMessages.time,
      timezone: taskMessages.timezone,
    });
  });
});

describe('prompt formats (spec section 3)', () => {
  it('accepts an object, a JSON string or plain text', () => {
    expect(parsePrompt({ input: 'x' })).toEqual({ input: 'x' });
    expect(parsePrompt('{"input":"From JSON text","temperature":0.5}')).toEqual({ input: 'From JSON text', temperature: 0.5 });
    expect(parsePrompt('Just tell me a joke please')).toEqual({ input: 'Just tell me a joke please' });
    expect(parsePrompt('"a JSON string, not an object"')).toEqual({ input: '"a JSON string, not an object"' });
    expect(taskInputSchema.parse({ ...valid, prompt: 'Plain text prompt, long enough' }).prompt).toEqual({
      input: 'Plain text prompt, long enough',
      temperature: 1,
      searchEnabled: false,
    });
  });

  it('takes cron macros and refuses seconds, L/W/#/?, long expressions and unknown cron zones, naming the field', () => {
    const custom = { ...valid, scheduleType: 'custom' as const };
    for (const macro of ['@hourly', '@daily', '@weekly', '@monthly', '@yearly', '@annually'])
      expect(fieldMessages({ ...custom, customCron: macro })).toEqual({});
    for (const special of ['0 0 L * *', '0 0 1W * *', '0 0 * * 5#2', '0 0 ? * *', '0 0 * * 5L'])
      expect(fieldMessages({ ...custom, customCron: special })).toEqual({ customCron: taskMessages.cronSpecial });
    // Month and weekday names are not the L of "last".
    expect(fieldMessages({ ...custom, customCron: '0 9 * JUL SAT' })).toEqual({});
    expect(fieldMessages({ ...custom, customCron: `0 9 * * ${'1,'.repeat(100)}1` })).toEqual({ customCron: taskMessages.cronTooLong });
    expect(fieldMessages({ ...custom, customCron: '0 9 * * *', cronTimezone: 'Mars/Olympus' })).toEqual({
      cronTimezone: taskMessages.timezone,
    });
  });

  it('reads the deprecated UTC scheduleTime as a local time on the start date, and refuses one that disagrees', () => {
    const berlin = { ...valid, localTime: undefined, timezone: 'Europe/Berlin', startDate: '2027-07-01' };
    expect(taskInputSchema.parse({ ...berlin, scheduleTime: '07:00' })).toMatchObject({ localTime: '09:00', scheduleTime: undefined });
    expect(fieldMessages({ ...berlin, scheduleTime: '07:00', localTime: '09:00' })).toEqual({});
    expect(fieldMessages({ ...berlin, scheduleTime: '07:00', localTime: '10:00' })).toEqual({
      scheduleTime: taskMessages.scheduleTimeDisagrees,
    });
  });

  it('keeps the DST policies, shift and first unless told otherwise', () => {
    expect(taskInputSchema.parse(valid)).toMatchObject({ dstGap: 'shift', dstRepeat: 'first' });
    expect(taskInputSchema.parse({ ...valid, dstGap: 'skip', dstRepeat: 'both' })).toMatchObject({ dstGap: 'skip', dstRepeat: 'both' });
    expect(fieldMessages({ ...valid, dstGap: 'later', dstRepeat: 'twice' })).toEqual({
      dstGap: taskMessages.dstGap,
      dstRepeat: taskMessages.dstRepeat,
    });
  });
});
