import { describe, expect, it } from 'vitest';
import { runStatuses } from '#shared/runs/run.schema';
import type { ApiSchemas } from './client';

/**
 * What an integrator's generated types allow (ADR 0114, 0115): a status-like field is a closed union, so a switch over
 * it that forgets a value does not compile (`npm run typecheck` checks this file with `strict`).
 */
function statusWord(status: ApiSchemas['Run']['status']): string {
  switch (status) {
    case 'processing':
      return 'Running';
    case 'completed':
      return 'Completed';
    case 'error':
      return 'Failed';
    case 'skipped':
      return 'Skipped';
    default:
      return status satisfies never;
  }
}

describe('the generated API types', () => {
  it('cover every run status the product writes', () => {
    expect(runStatuses.map(statusWord)).toEqual(['Running', 'Completed', 'Failed', 'Skipped']);
  });
});
