/**
 * A run as a chat message (issue 19): Slack incoming webhooks take Block Kit, Discord webhooks take an embed. Each
 * message names the task and the time and links to the task's page, where the run heads its history; a result longer
 * than the service allows is cut and ends with "... (see the full result)" linking there.
 */
export interface ChatRun {
  taskName: string;
  /** The task's page in the app. */
  url: string;
  /** "Mon 24 Nov, 09:00 (Europe/Berlin)", or "Run now" words: when the run was, as its owner reads it. */
  when: string;
  /** ISO time of the run, for Discord's own timestamp. */
  at: string;
  outcome: { status: 'completed'; result: string } | { status: 'error'; error: string };
}

/** Slack: a section's text holds 3,000 characters, a header's 150 (api.slack.com/reference/block-kit/blocks). */
export const slackLimits = { header: 150, section: 3000 } as const;
/** Discord: an embed's title holds 256 characters, its description 4,096 (discord.com/developers/docs/resources/message). */
export const discordLimits = { title: 256, description: 4096 } as const;

const seeFullResult = '... (see the full result)';

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Cuts `text` so that it and the trailing link fit in `max`; short texts stay whole and get no link. */
function cutWithLink(text: string, max: number, link: (label: string) => string): string {
  if (text.length <= max) return text;
  const suffix = `\n${link(seeFullResult)}`;
  return `${text.slice(0, max - suffix.length).trimEnd()}${suffix}`;
}

/** Slack's mrkdwn escapes only these three (api.slack.com/reference/surfaces/formatting#escaping). */
function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Results are Markdown; Slack's mrkdwn differs: `*bold*`, `_italic_`, `<url|label>` links and no headings. The
 * common forms are translated; anything else shows as plain text, which is still readable.
 */
export function markdownToMrkdwn(markdown: string): string {
  return escapeSlack(markdown)
    .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/__(.+?)__/g, '*$1*')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<$2|$1>')
    .replace(/^(\s*)[-*+]\s+/gm, '$1• ');
}

export function slackMessage(run: ChatRun): { text: string; blocks: unknown[] } {
  const failed = run.outcome.status === 'error';
  const title = failed ? `${run.taskName} failed` : run.taskName;
  const body =
    run.outcome.status === 'error'
      ? `*Error:* ${escapeSlack(run.outcome.error)}`
      : markdownToMrkdwn(run.outcome.result) || '_The model returned no text._';
  return {
    // The notification and screen-reader text; the blocks are what the channel shows.
    text: `${title}: ${run.when}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(title, slackLimits.header), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: cutWithLink(body, slackLimits.section, (label) => `<${run.url}|${label}>`) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${escapeSlack(run.when)} · <${run.url}|View the run in Promptcron>` }] },
    ],
  };
}

export function discordMessage(run: ChatRun): { embeds: unknown[]; allowed_mentions: { parse: never[] } } {
  const failed = run.outcome.status === 'error';
  const body = run.outcome.status === 'error' ? `**Error:** ${run.outcome.error}` : run.outcome.result || '*The model returned no text.*';
  return {
    embeds: [
      {
        title: cut(failed ? `${run.taskName} failed` : run.taskName, discordLimits.title),
        url: run.url,
        description: cutWithLink(body, discordLimits.description, (label) => `[${label}](${run.url})`),
        color: failed ? 0xdc2626 : 0x4f46e5,
        timestamp: run.at,
        footer: { text: `Promptcron · ${run.when}` },
      },
    ],
    // A result that says "@everyone" must not ping a whole server.
    allowed_mentions: { parse: [] },
  };
}
