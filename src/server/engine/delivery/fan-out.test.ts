import { describe, expect, it } from 'vitest';
import { rulesNotMetReasons } from '#shared/tasks/delivery-rules';
import type { TaskDestination } from '../../db/schema';
import { deliversPerDestination, skippedByOwnRule, summed } from './fan-out';

/** Which runs deliver per destination, and which destination a run skips by its own rule (ADR 0127, 0132). */
const hook: TaskDestination = { id: 'dst_a', method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/a' } };
const cheap = { match: 'all' as const, rules: [{ field: 'price', op: '<' as const, value: 100 }] };
const onlyCheap: TaskDestination = { ...hook, id: 'dst_b', onlyWhen: cheap };
const task = { id: 'task-1', deliveryMethod: 'webhook' as const, deliveryConfig: hook.config };

describe('deliversPerDestination', () => {
  it('is true for several destinations, or one with its own rule, and false for one plain destination', () => {
    const row = (destinations: TaskDestination[]) => ({ run: { taskSnapshot: null }, task: { ...task, destinations } });
    expect(deliversPerDestination(row([hook]) as never)).toBe(false);
    expect(deliversPerDestination(row([{ ...hook, onlyWhen: null }]) as never)).toBe(false);
    expect(deliversPerDestination(row([onlyCheap]) as never)).toBe(true);
    expect(deliversPerDestination(row([hook, { ...onlyCheap, onlyWhen: null }]) as never)).toBe(true);
  });
});

describe('skippedByOwnRule', () => {
  it('gives the task rule’s reason when the output does not meet the rule, and null when it does or there is none', () => {
    expect(skippedByOwnRule(onlyCheap, { status: 'completed', output: { price: 150 } })).toBe(rulesNotMetReasons.notMet(cheap.rules[0]!));
    expect(skippedByOwnRule(onlyCheap, { status: 'completed', output: { price: 50 } })).toBeNull();
    expect(skippedByOwnRule(hook, { status: 'completed', output: { price: 150 } })).toBeNull();
  });

  it('lets a failed run through, as the task’s rules do', () => {
    expect(skippedByOwnRule(onlyCheap, { status: 'error', output: null })).toBeNull();
  });
});

describe('summed', () => {
  it('counts a destination skipped by its rule like a held one', () => {
    expect(summed([{ status: 'delivered' }, { status: 'skipped' }])).toBe('delivered');
    expect(summed([{ status: 'skipped' }, { status: 'skipped' }])).toBe('skipped');
    expect(summed([{ status: 'pending' }, { status: 'skipped' }])).toBe('pending');
    expect(summed([{ status: 'failed' }, { status: 'skipped' }])).toBe('failed');
  });
});
