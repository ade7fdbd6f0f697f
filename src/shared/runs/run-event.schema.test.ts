import { describe, expect, it } from 'vitest';
import { runChangedNotificationSchema, runEventSchema } from './run-event.schema';

// As `json_build_object(...)::text` in drizzle/0044_workspace_notifications.sql writes it.
const notification =
  '{"userId" : "u1", "workspaceId" : "0d5e3c2b-9a1f-4e7d-8c6b-5a4f3e2d1c0b", "runId" : "8f5c6c1e-1d2b-4c55-9a55-3b1b2f0e6a10", "taskId" : "0b6f3f7a-5a43-4a8e-9f0e-6d1c2b3a4e5f", "status" : "processing"}';

describe('run events', () => {
  it("reads the database's notification, with whose run it is and its workspace", () => {
    expect(runChangedNotificationSchema.parse(JSON.parse(notification))).toEqual({
      userId: 'u1',
      workspaceId: '0d5e3c2b-9a1f-4e7d-8c6b-5a4f3e2d1c0b',
      runId: '8f5c6c1e-1d2b-4c55-9a55-3b1b2f0e6a10',
      taskId: '0b6f3f7a-5a43-4a8e-9f0e-6d1c2b3a4e5f',
      status: 'processing',
    });
  });

  it('tells the browser the run, its task and its status, and not whose it is', () => {
    expect(runEventSchema.parse(JSON.parse(notification))).toEqual({
      runId: '8f5c6c1e-1d2b-4c55-9a55-3b1b2f0e6a10',
      taskId: '0b6f3f7a-5a43-4a8e-9f0e-6d1c2b3a4e5f',
      status: 'processing',
    });
  });

  it('refuses a status the product does not write (closed enums, ADR 0114)', () => {
    expect(runEventSchema.safeParse({ runId: 'r', taskId: 't', status: 'queued' }).success).toBe(false);
  });

  it('refuses an event without its run, task or status', () => {
    expect(runEventSchema.safeParse({ runId: 'r', taskId: 't' }).success).toBe(false);
    expect(runEventSchema.safeParse({ runId: 'r', status: 'completed' }).success).toBe(false);
    expect(runChangedNotificationSchema.safeParse({ runId: 'r', taskId: 't', status: 'completed' }).success).toBe(false);
  });
});
