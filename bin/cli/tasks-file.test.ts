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
});
