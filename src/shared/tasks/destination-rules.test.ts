import { describe, expect, it } from 'vitest';
import { deliveryRulesMessages } from './delivery-rules';
import { destinationMessages } from './destinations';
import { outputSchemaOfShape } from './output-schema';
import { taskInputSchema } from './task.schema';

/** A destination's own only-when rule (ADR 0132), checked as the task's deliveryRules are. */
const outputSchema = outputSchemaOfShape({
  kind: 'record',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'price', type: 'number', required: true },
  ],
});

const task = {
  name: 'Flat watch',
  provider: 'openai',
  model: 'gpt-5-nano',
  scheduleType: 'daily',
  localTime: '08:00',
  timezone: 'Europe/Berlin',
  prompt: { input: 'Find the cheapest flat listed today.' },
  outputSchema,
};

const withDestinations = (onlyWhen: unknown, extra: Record<string, unknown> = {}) => ({
  ...task,
  ...extra,
  destinations: [
    { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/all' } },
    { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/cheap' }, onlyWhen },
  ],
});

function issues(input: unknown): { path: string; message: string }[] {
  const result = taskInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('a destination’s only-when rule', () => {
  it('is kept as given when its fields are the result’s, and null when a destination has none', () => {
    const parsed = taskInputSchema.parse(withDestinations({ match: 'all', rules: [{ field: 'price', op: '<', value: 100 }] }));
    expect(parsed.destinations.map((destination) => destination.onlyWhen)).toEqual([
      null,
      { match: 'all', rules: [{ field: 'price', op: '<', value: 100 }] },
    ]);
  });

  it('names the destination’s place when a rule names a field the result does not have', () => {
    expect(issues(withDestinations({ match: 'all', rules: [{ field: 'rent', op: '<', value: 100 }] }))).toEqual([
      { path: 'destinations.1.onlyWhen.rules.0.field', message: `destinations[1]: ${deliveryRulesMessages.unknownField('rent')}` },
    ]);
  });

  it('refuses an operator that does not fit the field, and a value of the wrong type', () => {
    expect(
      issues(
        withDestinations({
          match: 'any',
          rules: [
            { field: 'title', op: '<', value: 3 },
            { field: 'price', op: '>', value: 'cheap' },
          ],
        }),
      ),
    ).toEqual([
      {
        path: 'destinations.1.onlyWhen.rules.0.op',
        message: destinationMessages.at(1, deliveryRulesMessages.operatorDoesNotFit('title', 'text')),
      },
      { path: 'destinations.1.onlyWhen.rules.1.value', message: destinationMessages.at(1, deliveryRulesMessages.number('price')) },
    ]);
  });

  it('is refused without an output schema, naming the destination', () => {
    const onlyWhen = { match: 'all', rules: [{ field: 'price', op: '<', value: 100 }] };
    expect(issues(withDestinations(onlyWhen, { outputSchema: null }))).toEqual([
      { path: 'destinations.1.onlyWhen', message: `destinations[1]: ${deliveryRulesMessages.withoutOutputSchema}` },
    ]);
  });

  it('asks for 1 to 10 rules when it has none', () => {
    expect(issues(withDestinations({ match: 'all', rules: [] }))).toEqual([
      { path: 'destinations.1.onlyWhen.rules', message: deliveryRulesMessages.rules },
    ]);
  });

  it('stands beside a task-wide rule of any kind', () => {
    const onlyWhen = { match: 'all', rules: [{ field: 'price', op: '<', value: 100 }] };
    expect(issues(withDestinations(onlyWhen, { deliverWhen: 'changed' }))).toEqual([]);
    expect(
      issues(
        withDestinations(onlyWhen, {
          deliverWhen: 'rules',
          deliveryRules: { match: 'all', rules: [{ field: 'title', op: 'contains', value: 'x' }] },
        }),
      ),
    ).toEqual([]);
  });
});
