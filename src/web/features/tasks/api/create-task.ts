import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Task, TaskInput } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { refreshAccountZone } from '#web/lib/auth';
import { parseTaskResponse, storeTask } from './task-cache';

/**
 * `POST /api/tasks`: the new task, active, with its first fire time and webhook secret. The key makes a retry of the
 * same create (after a 503, or an answer lost on the way) answer with the first task instead of making a second.
 */
export async function createTask({ input, idempotencyKey }: { input: TaskInput; idempotencyKey: string }): Promise<Task> {
  return parseTaskResponse(await apiClient.post('/api/tasks', input, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/**
 * One key per distinct form content: pressing Create again with the same fields retries the same create, while
 * changed fields are a new request (the server refuses a key reused with another body).
 */
export function useIdempotencyKeys(): (input: TaskInput) => string {
  const last = useRef<{ body: string; key: string }>(undefined);
  return (input) => {
    const body = JSON.stringify(input);
    if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
    return last.current.key;
  };
}

/** 128 random bits in hex; `crypto.randomUUID` exists only on https or localhost, and the app may be served on http. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    // The new task's page can open from the cache, and every list refetches to include it.
    onSuccess: (task) => {
      void storeTask(queryClient, task);
      refreshAccountZone(queryClient);
    },
  });
}
