import { Hash, Mail, MessagesSquare, Webhook } from 'lucide-react';
import type { DeliveryMethod } from '#shared/tasks/task.schema';
import type { Choice } from './choice-cards';

/* What each delivery method is called and asks for, the same for the first destination and the others (ADR 0127). */

export const deliveryChoices: Choice<DeliveryMethod>[] = [
  { value: 'email', label: 'Email', description: 'Send each result to an inbox.', icon: Mail },
  { value: 'webhook', label: 'Webhook', description: 'POST each result to your URL.', icon: Webhook },
  { value: 'slack', label: 'Slack', description: 'Post each result in a Slack channel.', icon: Hash },
  { value: 'discord', label: 'Discord', description: 'Post each result in a Discord channel.', icon: MessagesSquare },
];

type UrlMethod = Exclude<DeliveryMethod, 'email'>;

/** The URL field of each method that posts to one: what it is called, where to get one, what it looks like. */
export const urlFields: Record<UrlMethod, { label: string; hint: string; placeholder: string }> = {
  webhook: {
    label: 'Webhook URL',
    hint: "Each result is sent as a JSON POST, signed with this task's secret (Standard Webhooks), so your endpoint can check it came from Promptcron. The secret is on the task's page once it is saved.",
    placeholder: 'https://example.com/hooks/promptcron',
  },
  slack: {
    label: 'Slack webhook URL',
    hint: 'Add an Incoming Webhook app to your Slack workspace, choose the channel, and paste the URL it gives you. Keep it secret: anyone with it can post in that channel.',
    placeholder: 'https://hooks.slack.com/services/…',
  },
  discord: {
    label: 'Discord webhook URL',
    hint: 'In Discord, open Server Settings → Integrations → Webhooks, create a webhook for the channel, and paste its URL. Keep it secret: anyone with it can post in that channel.',
    placeholder: 'https://discord.com/api/webhooks/…',
  },
};
