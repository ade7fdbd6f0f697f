import type { Context } from 'hono';
import type { Task } from '#shared/tasks/task.schema';
import type { AppEnv } from '../../app-env';

/**
 * A task as the caller may see it. A read-only API key reads tasks but must not be able to sign deliveries in their
 * name, so its answers carry no webhook secret (ADR 0088), nor do a viewer's, who reads the workspace's tasks but may
 * not change them; an editor's session and write keys, which can rotate the secret anyway, get it.
 */
export function taskForCaller<T extends Pick<Task, 'webhookSecret'>>(c: Context<AppEnv>, task: T): T {
  const readOnly = c.var.apiKeyScope === 'read' || c.var.workspace.role === 'viewer';
  return readOnly ? { ...task, webhookSecret: null } : task;
}
