import { describe, expect, it } from 'vitest';
import { makeRun } from '#web/testing/run-fixtures';
import { chatWebhookText, deliveryMethodLabel, deliveryOutcome, deliveryOutcomeDetail, runBadge } from './delivery-text';

describe('delivery text', () => {
  it('names every delivery method, and an unknown one as it came', () => {
    expect(['email', 'webhook', 'slack', 'discord', 'pigeon'].map(deliveryMethodLabel)).toEqual([
      'Email',
      'Webhook',
      'Slack',
      'Discord',
      'pigeon',
    ]);
  });

  it('shows only the start of a Slack or Discord webhook URL, never its secret path', () => {
    expect(chatWebhookText('slack', 'https://hooks.slack.com/services/T0001/B0001/XXXXsecret')).toBe('hooks.slack.com/services/T…');
    expect(chatWebhookText('discord', 'https://discord.com/api/webhooks/123456/tok-en')).toBe('discord.com/api/webhooks/1…');
    // A local receiver (ALLOW_PRIVATE_WEBHOOKS) keeps only its host.
    expect(chatWebhookText('slack', 'http://127.0.0.1:4010/slack/secret')).toBe('127.0.0.1:4010/…');
    expect(chatWebhookText('discord', undefined)).toBe('—');
    expect(chatWebhookText('discord', 'not a url')).toBe('—');
  });

  it("names a run's delivery as it ended: a retry is not pending, a rule's skip is not a failure (issue 37)", () => {
    const outcome = (run: Parameters<typeof makeRun>[0]) => {
      const { label, reason } = deliveryOutcome(makeRun(run));
      return [label, reason];
    };
    expect(outcome({ deliveryStatus: 'delivered' })).toEqual(['Delivered', null]);
    expect(outcome({ status: 'processing', deliveryStatus: 'pending' })).toEqual(['Pending', null]);
    expect(outcome({ deliveryStatus: 'pending', deliveryError: 'HTTP 502' })).toEqual(['Retrying', 'HTTP 502']);
    expect(outcome({ deliveryStatus: 'failed', deliveryError: 'HTTP 502' })).toEqual(['Failed', 'HTTP 502']);
    expect(outcome({ deliveryStatus: 'skipped', deliveryError: 'Condition not met (answer: maybe)' })).toEqual([
      'Skipped by a rule',
      'Condition not met (answer: maybe)',
    ]);
    expect(outcome({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' })).toEqual([
      'Not delivered',
      'Address not confirmed',
    ]);
    // A failed run by e-mail: nothing to send.
    expect(outcome({ status: 'error', deliveryStatus: 'skipped' })).toEqual(['Not delivered', null]);
  });

  it('says a run held for the account’s own address in full, on its badge too, never a green "Completed" (ADR 0109)', () => {
    const held = makeRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: confirm your e-mail address' });
    expect(deliveryOutcome(held)).toMatchObject({
      kind: 'not-delivered',
      label: 'Not delivered: confirm your e-mail address',
      reason: null,
      awaitsOwnAddress: true,
    });
    expect(runBadge(held)).toMatchObject({ label: 'Not delivered: confirm your e-mail address', tone: 'warning' });
  });

  it('says when a retrying delivery tries next, when it is known', () => {
    const time = (iso: string) => `at ${iso}`;
    const retrying = makeRun({ deliveryStatus: 'pending', deliveryError: 'HTTP 502', deliveryNextAttemptAt: '2026-01-16T08:05:00.000Z' });
    expect(deliveryOutcomeDetail(deliveryOutcome(retrying), time)).toBe('Next attempt at 2026-01-16T08:05:00.000Z. Last error: HTTP 502');
    const unknown = makeRun({ deliveryStatus: 'pending', deliveryError: 'SMTP refused' });
    expect(deliveryOutcomeDetail(deliveryOutcome(unknown), time)).toBe('It will be tried again. Last error: SMTP refused');
  });
});
