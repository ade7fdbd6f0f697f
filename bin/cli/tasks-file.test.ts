import { describe, expect, it } from 'vitest';
import { changesOf, fileForm, readTasksFile } from './tasks-file.js';

const refusal = (text: string) => {
  try {
    readTasksFile(text, 'promptcron.yaml');
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  throw new Error('the file was not refused');
};

const base = {
  key: 'digest',
  name: 'Digest',
  provider: 'openai',
  model: 'gpt-4.1-mini',
  scheduleType: 'custom',
  customCron: '0 9 * * 1',
  timezone: 'UTC',
  prompt: 'Write a short digest of the week.',
  deliveryMethod: 'webhook',
  deliveryConfig: { webhookUrl: 'https://hooks.example.com/digest' },
};

describe('a tasks file', () => {
  it('says a task the same way however either side spells it: defaults, prompt text, unused fields', () => {
    const saved = {
      ...base,
      prompt: { input: 'Write a short digest of the week.', temperature: 1, searchEnabled: false },
      cronTimezone: 'UTC',
      localTime: null,
      dstGap: 'shift',
      deliverWhen: 'always',
      deliveryCondition: null,
      catchUpWindow: 3600,
      skipDates: [],
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/digest', email: 'old@example.com' },
    };
    expect(fileForm(saved)).toEqual(fileForm(base));
    expect(fileForm({ ...base, prompt: { input: 'Write a short digest of the week.', temperature: 0.3 } }).prompt).toEqual({
      input: 'Write a short digest of the week.',
      temperature: 0.3,
    });
  });

  it('counts a start date the file leaves out as the server’s, and names each changed field', () => {
    const task = { ...base, id: 'x', userId: 'u', status: 'active', startDate: '2026-12-07', cronTimezone: 'UTC' } as never;
    expect(changesOf(base, task)).toEqual([]);
    expect(changesOf({ ...base, customCron: '0 8 * * 1', startDate: '2027-01-01' }, task)).toEqual([
      'startDate: "2026-12-07" → "2027-01-01"',
      'customCron: "0 9 * * 1" → "0 8 * * 1"',
    ]);
  });

  it('refuses what it cannot apply, each problem on its line, as a usage error', () => {
    expect(refusal('tasks:\n  - name: No key here\n')).toEqual({
      code: 2,
      message:
        'promptcron.yaml:2: every task needs a "key" (1–100 of a–z, 0–9, "-", "_", "."), unique in the file: it is how apply finds the task again.',
    });
    expect(refusal('tasks:\n  - key: a\n    prompt:\n      input: Hello there, model.\n      temprature: 0.2\n').message).toMatch(
      /^promptcron\.yaml:5: unknown field "prompt\.temprature"\. Known fields: input, temperature, searchEnabled\.$/,
    );
    expect(refusal('tasks:\n  - key: a\n    scheduleTime: "09:00"\n').message).toContain('Use "localTime", the time in the task\'s zone.');
    expect(refusal('tasks:\n  - key: a\n    name: One\n    name: Two\n').message).toMatch(/^promptcron\.yaml:4: Map keys must be unique/);
    expect(refusal('tasks: nothing\n').message).toBe('promptcron.yaml:1: "tasks:" must be a list of tasks.');
    expect(refusal('tasks:\n  - key: a\n    description: "Bearer abcdef0123456789"\n').message).toContain(
      'promptcron.yaml:3: "description" holds a secret (a key or token)',
    );
  });

  it('states one destination as the shorthand and several as a list without the server’s ids', () => {
    const slack = { method: 'slack', config: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/X' } };
    const hook = { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/digest' } };
    const one = { ...base, destinations: [{ id: 'dst_1a2b3c4d', ...hook, config: { ...hook.config, email: '' } }] };
    expect(fileForm(one)).toEqual(fileForm(base));
    expect(fileForm(one).destinations).toBeUndefined();
    const saved = {
      ...base,
      id: 'x',
      userId: 'u',
      status: 'active',
      destinations: [
        { id: 'dst_1', ...hook },
        { id: 'dst_2', ...slack },
      ],
    };
    const declared = { ...base, deliveryMethod: undefined, deliveryConfig: undefined, destinations: [hook, slack] };
    expect(fileForm(saved).destinations).toEqual([hook, slack]);
    expect(fileForm(saved).deliveryMethod).toBeUndefined();
    expect(changesOf(declared, saved as never)).toEqual([]);
    expect(changesOf({ ...declared, destinations: [hook] }, saved as never)).toEqual([
      'deliveryMethod: (none) → "webhook"',
      'deliveryConfig: (none) → {"webhookUrl":"https://hooks.example.com/digest"}',
      `destinations: ${JSON.stringify([hook, slack]).slice(0, 57)}… → (none)`,
    ]);
  });

  it('refuses an unknown field or a secret inside a destination, on its line', () => {
    const file = (destination: string) => `tasks:\n  - key: a\n    destinations:\n      - method: webhook\n${destination}`;
    expect(refusal(file('        headers: {}\n')).message).toBe(
      'promptcron.yaml:5: unknown field "destinations[0].headers". Known fields: method, config, onlyWhen.',
    );
    expect(refusal(file('        config:\n          webhookUrl: https://me:hunter2@hooks.example.com/x\n')).message).toContain(
      'promptcron.yaml:6: "deliveryConfig.webhookUrl" holds a secret (a password in the URL)',
    );
  });
});

describe('a destination’s own only-when rule in a tasks file', () => {
  const hook = { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/digest' } };
  const slack = { method: 'slack', config: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/X' } };
  const cheap = { rules: [{ field: 'price', op: '<', value: 100 }] };
  const saved = (destinations: unknown[]) => ({ ...base, id: 'x', userId: 'u', status: 'active', destinations });

  it('is exported with its destination when set, and left out when null', () => {
    const task = saved([
      { id: 'dst_1', ...hook, onlyWhen: null },
      { id: 'dst_2', ...slack, onlyWhen: { match: 'all', ...cheap } },
    ]);
    expect(fileForm(task).destinations).toEqual([hook, { ...slack, onlyWhen: cheap }]);
    const any = { match: 'any', rules: [...cheap.rules, { field: 'title', op: 'contains', value: 'lamp' }] };
    expect(
      fileForm(
        saved([
          { id: 'dst_1', ...hook },
          { id: 'dst_2', ...slack, onlyWhen: any },
        ]),
      ).destinations,
    ).toEqual([hook, { ...slack, onlyWhen: any }]);
  });

  it('states one destination with its own rule as a list, since the shorthand cannot carry it', () => {
    const form = fileForm(saved([{ id: 'dst_1', ...hook, onlyWhen: { match: 'all', ...cheap } }]));
    expect(form.destinations).toEqual([{ ...hook, onlyWhen: cheap }]);
    expect(form.deliveryMethod).toBeUndefined();
    expect(form.deliveryConfig).toBeUndefined();
  });

  it('compares equal on apply however either side spells "all", and names a changed rule', () => {
    const task = saved([
      { id: 'dst_1', ...hook, onlyWhen: null },
      { id: 'dst_2', ...slack, onlyWhen: { match: 'all', ...cheap } },
    ]) as never;
    const declared = { ...base, deliveryMethod: undefined, deliveryConfig: undefined, destinations: [hook, { ...slack, onlyWhen: cheap }] };
    expect(changesOf(declared, task)).toEqual([]);
    expect(changesOf({ ...declared, destinations: [hook, { ...slack, onlyWhen: { match: 'all', ...cheap } }] }, task)).toEqual([]);
    const dearer = [hook, { ...slack, onlyWhen: { rules: [{ field: 'price', op: '<', value: 200 }] } }];
    expect(changesOf({ ...declared, destinations: dearer }, task)).toHaveLength(1);
    expect(changesOf({ ...declared, destinations: [hook, slack] }, task)).toHaveLength(1);
  });

  it('is a known field of a destination; an unknown field inside it is refused on its line', () => {
    const file = (rule: string) => `tasks:\n  - key: a\n    destinations:\n      - method: webhook\n        onlyWhen:\n${rule}`;
    expect(() =>
      readTasksFile(file('          rules:\n            - { field: price, op: "<", value: 100 }\n'), 'promptcron.yaml'),
    ).not.toThrow();
    expect(refusal(file('          when: all\n')).message).toBe(
      'promptcron.yaml:6: unknown field "destinations[0].onlyWhen.when". Known fields: match, rules.',
    );
  });
});
