import { describe, expect, it } from 'vitest';
import { promptVariableValues, renderPrompt, unknownVariableMessage, unknownVariables } from './prompt-variables';

const values = promptVariableValues({
  at: new Date('2026-03-29T07:30:00Z'),
  timeZone: 'Europe/Berlin',
  taskName: 'News',
  lastResult: 'Yesterday.',
});

describe('prompt variables', () => {
  it('reads the moment in the task’s zone, across a DST change', () => {
    // 29 March 2026: Berlin moved to summer time at 01:00 UTC, so 07:30 UTC is 09:30 +02:00.
    expect(values).toEqual({
      date: '2026-03-29',
      time: '09:30',
      weekday: 'Sunday',
      'task.name': 'News',
      'run.scheduled_for': '2026-03-29T09:30:00+02:00',
      last_result: 'Yesterday.',
      last_items: '',
    });
    const kolkata = promptVariableValues({
      at: new Date('2026-03-29T20:00:00Z'),
      timeZone: 'Asia/Kolkata',
      taskName: 'x',
      lastResult: null,
    });
    expect(kolkata).toMatchObject({
      date: '2026-03-30',
      time: '01:30',
      weekday: 'Monday',
      'run.scheduled_for': '2026-03-30T01:30:00+05:30',
      last_result: '',
    });
    const newYork = promptVariableValues({
      at: new Date('2026-01-05T03:00:00Z'),
      timeZone: 'America/New_York',
      taskName: 'x',
      lastResult: null,
    });
    expect(newYork).toMatchObject({
      date: '2026-01-04',
      time: '22:00',
      weekday: 'Sunday',
      'run.scheduled_for': '2026-01-04T22:00:00-05:00',
    });
  });

  it('cuts the last result at 4,000 characters', () => {
    expect(
      promptVariableValues({ at: new Date(), timeZone: 'UTC', taskName: 'x', lastResult: 'a'.repeat(5_000) }).last_result,
    ).toHaveLength(4_000);
  });

  it('fills in variables, with or without spaces, and writes \\{{ as literal braces', () => {
    expect(renderPrompt('On {{weekday}} {{ date }} at {{time}}: what changed since "{{last_result}}" for {{task.name}}?', values)).toBe(
      'On Sunday 2026-03-29 at 09:30: what changed since "Yesterday." for News?',
    );
    expect(renderPrompt('Template: \\{{date}} stays, {{run.scheduled_for}}', values)).toBe(
      'Template: {{date}} stays, 2026-03-29T09:30:00+02:00',
    );
    expect(renderPrompt('A backslash \\\\{{x}} and {{ lone', values)).toBe('A backslash \\{{x}} and {{ lone');
  });

  it('names the unknown variables, each once, and lists every variable in its message', () => {
    expect(unknownVariables('{{date}} {{foo}} {{ bar }} {{foo}} \\{{escaped}}')).toEqual(['foo', 'bar']);
    expect(unknownVariableMessage('foo')).toBe(
      'Unknown variable {{foo}}. Available: {{date}}, {{time}}, {{weekday}}, {{task.name}}, {{run.scheduled_for}}, {{last_result}}, {{last_items}}',
    );
  });
});
