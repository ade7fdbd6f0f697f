import { describe, expect, it } from 'vitest';
import { measureOutput, outputMeasures } from './output-measures';
import { outputSchemaOfShape, strictOutputSchema } from './output-schema';

const offer = strictOutputSchema(
  outputSchemaOfShape({
    kind: 'record',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'salary', type: 'number', required: true },
      { name: 'remote', type: 'boolean', required: true },
      { name: 'openings', type: 'integer', required: false },
    ],
  }),
);

const listings = strictOutputSchema(outputSchemaOfShape({ kind: 'list', fields: [{ name: 'price', type: 'number', required: true }] }));

describe('what of a structured answer can be plotted', () => {
  it('offers a record’s number and integer fields in order, an optional (nullable) one included', () => {
    expect(outputMeasures(offer)).toEqual([
      { kind: 'field', name: 'salary' },
      { kind: 'field', name: 'openings' },
    ]);
  });

  it('offers a list’s number of items, not the numbers inside its items', () => {
    expect(outputMeasures(listings)).toEqual([{ kind: 'count' }]);
  });

  it('offers nothing for free text or a record without numbers', () => {
    expect(outputMeasures(null)).toEqual([]);
    expect(outputMeasures({ type: 'object', properties: { note: { type: 'string' } } })).toEqual([]);
  });

  it('reads a run’s value, and none where the answer has none', () => {
    const salary = { kind: 'field', name: 'salary' } as const;
    expect(measureOutput({ salary: 95000 }, salary)).toBe(95000);
    expect(measureOutput({ salary: null }, salary)).toBeNull();
    expect(measureOutput(null, salary)).toBeNull();
    expect(measureOutput({ items: [{}, {}, {}] }, { kind: 'count' })).toBe(3);
    expect(measureOutput({ items: [] }, { kind: 'count' })).toBe(0);
  });
});
