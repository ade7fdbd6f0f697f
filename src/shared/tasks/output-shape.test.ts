import { describe, expect, it } from 'vitest';
import {
  outputSchemaOfShape,
  outputSchemaProblems,
  outputShapeMessages,
  outputShapeProblems,
  shapeOfOutputSchema,
  strictOutputSchema,
} from './output-schema';
import { listing, summary } from './output-shape.fixtures';

describe('the field editor’s shape (ADR 0119)', () => {
  it('writes each field type as JSON Schema, a list as an object with one array property "items"', () => {
    expect(outputSchemaOfShape(listing)).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              title: { type: 'string', description: 'The headline' },
              price: { type: 'number' },
              rooms: { type: 'integer' },
              furnished: { type: 'boolean' },
              listed_on: { type: 'string', format: 'date' },
              link: { type: 'string', format: 'uri' },
              status: { type: 'string', enum: ['open', 'let'], description: 'Whether it is still free' },
            },
            required: ['title', 'price', 'listed_on'],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    });
    expect(outputSchemaProblems(outputSchemaOfShape(listing))).toEqual([]);
  });

  it('reads back the shape it wrote, and the same shape from the strict form', () => {
    for (const shape of [listing, summary]) {
      expect(shapeOfOutputSchema(outputSchemaOfShape(shape))).toEqual(shape);
      expect(shapeOfOutputSchema(strictOutputSchema(outputSchemaOfShape(shape)))).toEqual(shape);
    }
  });

  it('leaves to "Advanced" a schema the editor cannot show', () => {
    expect(shapeOfOutputSchema({ type: 'object', properties: { n: { type: 'number', minimum: 0 } } })).toBeNull();
    expect(shapeOfOutputSchema({ type: 'object', properties: { inner: { type: 'object', properties: {} } } })).toBeNull();
    expect(shapeOfOutputSchema({ type: 'object', properties: { 'two words': { type: 'string' } } })).toBeNull();
    expect(shapeOfOutputSchema({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } } })).toBeNull();
    expect(shapeOfOutputSchema({ type: 'array', items: { type: 'string' } })).toBeNull();
  });

  it('refuses bad, long and repeated field names, an empty shape and a one-of without choices', () => {
    const shape = {
      kind: 'record',
      fields: [
        { name: 'price', type: 'number', required: true },
        { name: 'price', type: 'text', required: true },
        { name: 'due date', type: 'date', required: true },
        { name: 'x'.repeat(65), type: 'text', required: true },
        { name: '', type: 'text', required: true },
        { name: 'status', type: 'enum', values: [], required: true },
        { name: 'size', type: 'enum', values: ['S', 'S'], required: true },
      ],
    };
    expect(outputShapeProblems(shape)).toEqual([
      { path: ['fields', 2, 'name'], message: outputShapeMessages.fieldName },
      { path: ['fields', 3, 'name'], message: outputShapeMessages.fieldName },
      { path: ['fields', 4, 'name'], message: outputShapeMessages.fieldName },
      { path: ['fields', 1, 'name'], message: outputShapeMessages.duplicateField },
      { path: ['fields', 5, 'values'], message: outputShapeMessages.enumValues },
      { path: ['fields', 6, 'values'], message: outputShapeMessages.enumValues },
    ]);
    expect(outputShapeProblems({ kind: 'list', fields: [] })).toEqual([{ path: ['fields'], message: outputShapeMessages.noFields }]);
    expect(outputShapeProblems({ kind: 'list', fields: [{ name: 'a_1', type: 'text', required: false }] })).toEqual([]);
  });
});
