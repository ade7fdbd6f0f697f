import { describe, expect, it } from 'vitest';
import { chatWebhookText, deliveryMethodLabel } from './delivery-text';

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
});
