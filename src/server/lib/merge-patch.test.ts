import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './merge-patch';

describe('applyMergePatch', () => {
  // RFC 7396, Appendix A: every example, as the RFC writes it.
  const examples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(examples)('patches %j with %j into %j', (target, patch, result) => {
    expect(applyMergePatch(target, patch)).toEqual(result);
  });

  it('leaves the target and the patch as they were', () => {
    const target = { prompt: { input: 'Ten characters at least', temperature: 0.4 } };
    const patch = { prompt: { temperature: null } };
    applyMergePatch(target, patch);
    expect(target).toEqual({ prompt: { input: 'Ten characters at least', temperature: 0.4 } });
    expect(patch).toEqual({ prompt: { temperature: null } });
  });
});
