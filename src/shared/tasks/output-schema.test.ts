import { describe, expect, it } from 'vitest';
import { outputSchemaLimits, outputSchemaMessages as says, outputSchemaProblems, strictOutputSchema } from './output-schema';

const record = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

/** An object nested `levels` deep: the root is level 1. */
function nested(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = record({ leaf: { type: 'string' } });
  for (let level = 1; level < levels; level += 1) node = record({ child: node });
  return node;
}

describe('output schema limits (ADR 0119)', () => {
  it('accepts a list of items and a record as the field editor writes them', () => {
    const list = record({ items: { type: 'array', items: record({ title: { type: 'string' }, price: { type: 'number' } }) } });
    expect(outputSchemaProblems(list)).toEqual([]);
    expect(outputSchemaProblems(record({ when: { type: 'string', format: 'date' } }, { required: ['when'] }))).toEqual([]);
  });

  it('wants an object at the root, even for a list', () => {
    expect(outputSchemaProblems({ type: 'array', items: { type: 'string' } })).toEqual([{ path: ['type'], message: says.rootNotObject }]);
    expect(outputSchemaProblems([])).toEqual([{ path: [], message: says.notAnObject }]);
    expect(outputSchemaProblems(null)).toEqual([{ path: [], message: says.notAnObject }]);
  });

  it('allows five levels of objects and lists, not six, and names where the sixth begins', () => {
    expect(outputSchemaProblems(nested(5))).toEqual([]);
    expect(outputSchemaProblems(nested(6))).toEqual([
      {
        path: ['properties', 'child', 'properties', 'child', 'properties', 'child', 'properties', 'child', 'properties', 'child'],
        message: says.tooDeep,
      },
    ]);
    // Lists count as a level: object > list > object > list > object > list is six.
    const lists = record({
      a: { type: 'array', items: record({ b: { type: 'array', items: record({ c: { type: 'array', items: { type: 'string' } } }) } }) },
    });
    expect(outputSchemaProblems(lists)).toEqual([
      { path: ['properties', 'a', 'items', 'properties', 'b', 'items', 'properties', 'c'], message: says.tooDeep },
    ]);
  });

  it('allows 100 fields in all, counting nested ones, and names the 101st', () => {
    const fields = (count: number, prefix: string) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, { type: 'string' }]));
    expect(outputSchemaProblems(record({ ...fields(49, 'a'), inner: record(fields(50, 'b')) }))).toEqual([]);
    expect(outputSchemaProblems(record({ ...fields(50, 'a'), inner: record(fields(50, 'b')) }))).toEqual([
      { path: ['properties', 'inner', 'properties', 'b49'], message: says.tooManyProperties },
    ]);
    expect(outputSchemaLimits.properties).toBe(100);
  });

  it('allows 1 to 100 choices in an enum, not none or 101', () => {
    const choices = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`);
    expect(outputSchemaProblems(record({ pick: { type: 'string', enum: choices(100) } }))).toEqual([]);
    expect(outputSchemaProblems(record({ pick: { type: 'string', enum: choices(101) } }))).toEqual([
      { path: ['properties', 'pick', 'enum'], message: says.tooManyEnumValues },
    ]);
    expect(outputSchemaProblems(record({ pick: { type: 'string', enum: [] } }))).toEqual([
      { path: ['properties', 'pick', 'enum'], message: says.emptyEnum },
    ]);
  });

  it('refuses a schema over 16 KB', () => {
    const long = record({ note: { type: 'string', description: 'x'.repeat(outputSchemaLimits.bytes) } });
    expect(outputSchemaProblems(long)).toEqual([{ path: [], message: says.tooLarge }]);
    // Bytes, not characters: 6,000 three-byte characters are 18 KB.
    expect(outputSchemaProblems(record({ note: { type: 'string', description: '€'.repeat(6_000) } }))).toEqual([
      { path: [], message: says.tooLarge },
    ]);
  });

  it('refuses pattern, patternProperties and open objects, each at its path', () => {
    const schema = record(
      { title: { type: 'string', pattern: '^A' }, tags: { type: 'object', patternProperties: { '^x': { type: 'string' } } } },
      { additionalProperties: { type: 'string' } },
    );
    expect(outputSchemaProblems(schema)).toEqual([
      { path: ['additionalProperties'], message: says.additionalProperties },
      { path: ['properties', 'title', 'pattern'], message: says.pattern },
      { path: ['properties', 'tags', 'patternProperties'], message: says.patternProperties },
    ]);
  });

  it('refuses unknown types, fields without a type, lists without items, allOf, and malformed enum and anyOf', () => {
    const schema = record({
      a: { type: 'date' },
      b: { type: ['string', 'text'] },
      c: { description: 'anything' },
      d: { type: 'array' },
      e: { allOf: [{ type: 'string' }] },
      f: 'string',
      g: { type: 'string', enum: 'open' },
      h: { anyOf: [] },
    });
    expect(outputSchemaProblems(schema)).toEqual([
      { path: ['properties', 'a', 'type'], message: says.unknownType },
      { path: ['properties', 'b', 'type'], message: says.unknownType },
      { path: ['properties', 'c'], message: says.missingType },
      { path: ['properties', 'd', 'items'], message: says.listWithoutItems },
      { path: ['properties', 'e', 'allOf'], message: says.unsupportedKeyword },
      { path: ['properties', 'e'], message: says.missingType },
      { path: ['properties', 'f'], message: says.notASchema },
      { path: ['properties', 'g', 'enum'], message: says.enumNotAList },
      { path: ['properties', 'h', 'anyOf'], message: says.emptyAnyOf },
    ]);
  });

  it('refuses a $ref that refers to itself, directly or through another definition', () => {
    const direct = { ...record({ root: { $ref: '#/$defs/node' } }), $defs: { node: record({ next: { $ref: '#/$defs/node' } }) } };
    expect(outputSchemaProblems(direct)).toEqual([{ path: ['$defs', 'node', 'properties', 'next', '$ref'], message: says.recursiveRef }]);
    const indirect = {
      ...record({ a: { $ref: '#/$defs/a' } }),
      $defs: { a: record({ b: { $ref: '#/$defs/b' } }), b: record({ a: { $ref: '#/$defs/a' } }) },
    };
    expect(outputSchemaProblems(indirect)).toEqual([{ path: ['$defs', 'b', 'properties', 'a', '$ref'], message: says.recursiveRef }]);
    expect(outputSchemaProblems(record({ a: { $ref: '#/$defs/missing' } }))).toEqual([
      { path: ['properties', 'a', '$ref'], message: says.unknownRef },
    ]);
    expect(outputSchemaProblems(record({ a: { $ref: 'https://example.com/s.json' } }))).toEqual([
      { path: ['properties', 'a', '$ref'], message: says.unknownRef },
    ]);
  });

  it('refuses references that multiply into a huge schema, without expanding them', () => {
    // Each definition offers the next one 20 times: 20^10 nodes once inlined, from a schema of 3 KB.
    const $defs = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        `d${i}`,
        { anyOf: Array.from({ length: 20 }, () => ({ $ref: i === 9 ? '#/$defs/leaf' : `#/$defs/d${i + 1}` })) },
      ]),
    );
    const schema = { ...record({ a: { $ref: '#/$defs/d0' } }), $defs: { ...$defs, leaf: { type: 'string' } } };
    const started = performance.now();
    expect(outputSchemaProblems(schema)).toEqual([{ path: [], message: says.tooManyReferences }]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names only the first field past the 100 when more follow', () => {
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(outputSchemaProblems(record({ one: record(fields), two: record(fields) }))).toEqual([
      { path: ['properties', 'two', 'properties', 'f38'], message: says.tooManyProperties },
    ]);
  });

  it('follows a reference that is not recursive, counting its fields where they are used', () => {
    const price = record({ amount: { type: 'number', pattern: 'x' }, currency: { type: 'string' } });
    const schema = { ...record({ net: { $ref: '#/$defs/price' }, gross: { $ref: '#/$defs/price' } }), $defs: { price } };
    expect(outputSchemaProblems(schema)).toEqual([{ path: ['$defs', 'price', 'properties', 'amount', 'pattern'], message: says.pattern }]);
  });
});

describe('the strict form (ADR 0119)', () => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Headline' },
      price: { type: 'number' },
      status: { type: 'string', enum: ['open', 'closed'], description: 'State' },
      seller: record({ name: { type: 'string' }, rating: { type: 'integer' } }, { required: ['name'] }),
      tags: { type: 'array', items: { type: 'string' } },
      note: { type: ['string', 'null'] },
    },
    required: ['title'],
  };

  it('closes every object, requires every field and lets the optional ones be null', () => {
    expect(strictOutputSchema(schema)).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', description: 'Headline' },
        price: { type: ['number', 'null'] },
        status: { description: 'State', anyOf: [{ type: 'string', enum: ['open', 'closed'] }, { type: 'null' }] },
        seller: {
          anyOf: [
            {
              type: 'object',
              properties: { name: { type: 'string' }, rating: { type: ['integer', 'null'] } },
              required: ['name', 'rating'],
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
        tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        note: { type: ['string', 'null'] },
      },
      required: ['title', 'price', 'status', 'seller', 'tags', 'note'],
      additionalProperties: false,
    });
  });

  it('is idempotent: the strict form of the strict form is the same', () => {
    const strict = strictOutputSchema(schema);
    expect(strictOutputSchema(strict)).toEqual(strict);
    expect(outputSchemaProblems(strict)).toEqual([]);
  });

  it('inlines references and drops the definitions', () => {
    const withRef = {
      ...record({ net: { $ref: '#/$defs/price' } }, { required: ['net'] }),
      $defs: { price: record({ amount: { type: 'number' } }) },
    };
    expect(strictOutputSchema(withRef)).toEqual({
      type: 'object',
      properties: {
        net: { type: 'object', properties: { amount: { type: ['number', 'null'] } }, required: ['amount'], additionalProperties: false },
      },
      required: ['net'],
      additionalProperties: false,
    });
  });
});
