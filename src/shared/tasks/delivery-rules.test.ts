import { describe, expect, it } from 'vitest';
import {
  deliveryRuleProblems,
  deliveryRulesMessages,
  describeRule,
  ruleFieldsOf,
  rulesNotMet,
  rulesNotMetReasons,
  type DeliveryRule,
} from './delivery-rules';
import { outputSchemaOfShape, strictOutputSchema, type OutputShape } from './output-schema';

/** Delivery rules on a structured result's fields (ADR 0123). */
const fields: OutputShape['fields'] = [
  { name: 'title', type: 'text', required: true },
  { name: 'price', type: 'number', required: false },
  { name: 'rooms', type: 'integer', required: true },
  { name: 'posted', type: 'date', required: true },
  { name: 'remote', type: 'boolean', required: true },
  { name: 'kind', type: 'enum', required: true, values: ['Flat', 'House'] },
  { name: 'url', type: 'link', required: true },
];
const listFields = ruleFieldsOf(strictOutputSchema(outputSchemaOfShape({ kind: 'list', fields })));
const recordFields = ruleFieldsOf(strictOutputSchema(outputSchemaOfShape({ kind: 'record', fields })));

const record = { title: 'Sunny Flat', price: 100, rooms: 3, posted: '2026-12-01', remote: true, kind: 'Flat', url: 'https://a.example' };
const all = (...rules: DeliveryRule[]) => ({ match: 'all' as const, rules });
const any = (...rules: DeliveryRule[]) => ({ match: 'any' as const, rules });
const meets = (rule: DeliveryRule, output: unknown = record) => rulesNotMet(all(rule), output) === null;

describe('the fields a rule may name', () => {
  it('are a record’s fields, typed from the strict schema, optional ones included', () => {
    expect(Object.fromEntries(recordFields)).toEqual({
      title: 'text',
      price: 'number',
      rooms: 'number',
      posted: 'date',
      remote: 'boolean',
      kind: 'text',
      url: 'text',
    });
  });

  it('are a list’s item fields and the list itself as "items"', () => {
    expect(listFields.get('items')).toBe('list');
    expect(listFields.get('price')).toBe('number');
  });

  it('mark nested data as not comparable, and a record’s own list as a list', () => {
    const schema = strictOutputSchema({
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(Object.fromEntries(ruleFieldsOf(schema))).toEqual({ address: null, tags: 'list' });
  });
});

describe('checking rules against the fields', () => {
  const problems = (...rules: DeliveryRule[]) => deliveryRuleProblems(rules, listFields);

  it('accepts every operator with a value of its field’s type', () => {
    expect(
      problems(
        { field: 'price', op: '<', value: 5 },
        { field: 'rooms', op: '>=', value: 2 },
        { field: 'posted', op: '>', value: '2026-01-01' },
        { field: 'title', op: 'contains', value: 'flat' },
        { field: 'kind', op: '=', value: 'House' },
        { field: 'remote', op: 'is_true' },
        { field: 'remote', op: 'is_false' },
        { field: 'items', op: 'count_gt', value: 0 },
      ),
    ).toEqual([]);
  });

  it('refuses an unknown field, an operator that does not fit and a value that does not, each at its path', () => {
    expect(
      problems(
        { field: 'colour', op: '=', value: 'red' },
        { field: 'price', op: 'contains', value: '1' },
        { field: 'title', op: '>', value: 'a' },
        { field: 'items', op: '>', value: 2 },
        { field: 'remote', op: '=', value: 'yes' },
      ),
    ).toEqual([
      { path: [0, 'field'], message: 'The result has no field "colour".' },
      { path: [1, 'op'], message: '"price" is a number field: use <, <=, >, >=, =, !=.' },
      { path: [2, 'op'], message: '"title" is a text field: use contains, =, !=.' },
      { path: [3, 'op'], message: '"items" is a list field: use count_gt.' },
      { path: [4, 'op'], message: '"remote" is a yes/no field: use is_true, is_false.' },
    ]);
  });

  it('refuses a value that does not fit the field', () => {
    expect(
      problems(
        { field: 'price', op: '>', value: '100' },
        { field: 'posted', op: '<', value: '2026-02-30' },
        { field: 'title', op: 'contains', value: ' ' },
        { field: 'remote', op: 'is_true', value: 'yes' },
        { field: 'items', op: 'count_gt', value: 1.5 },
        { field: 'items', op: 'count_gt', value: -1 },
        { field: 'price', op: '=' },
      ).map(({ path, message }) => [path.join('.'), message]),
    ).toEqual([
      ['0.value', deliveryRulesMessages.number('price')],
      ['1.value', deliveryRulesMessages.date('posted')],
      ['2.value', deliveryRulesMessages.text('title')],
      ['3.value', '"is_true" takes no value.'],
      ['4.value', deliveryRulesMessages.count],
      ['5.value', deliveryRulesMessages.count],
      ['6.value', deliveryRulesMessages.number('price')],
    ]);
  });

  it('refuses a field of nested data', () => {
    const nested = new Map([['address', null]]);
    expect(deliveryRuleProblems([{ field: 'address', op: '=', value: 'x' }], nested)).toEqual([
      { path: [0, 'field'], message: deliveryRulesMessages.notComparable('address') },
    ]);
  });
});

describe('evaluating rules on a record', () => {
  it.each([
    ['<', 101, 100],
    ['<=', 100, 99],
    ['>', 99, 100],
    ['>=', 100, 101],
    ['=', 100, 101],
    ['!=', 101, 100],
  ] as const)('compares a number with %s', (op, meetsWith, missesWith) => {
    expect(meets({ field: 'price', op, value: meetsWith })).toBe(true);
    expect(meets({ field: 'price', op, value: missesWith })).toBe(false);
  });

  it.each([
    ['<', '2026-12-02', '2026-12-01'],
    ['<=', '2026-12-01', '2026-11-30'],
    ['>', '2026-11-30', '2026-12-01'],
    ['>=', '2026-12-01', '2026-12-02'],
    ['=', '2026-12-01', '2026-12-02'],
    ['!=', '2026-12-02', '2026-12-01'],
  ] as const)('compares a date with %s', (op, meetsWith, missesWith) => {
    expect(meets({ field: 'posted', op, value: meetsWith })).toBe(true);
    expect(meets({ field: 'posted', op, value: missesWith })).toBe(false);
  });

  it('finds text whatever its case, and compares it whole with = and !=', () => {
    expect(meets({ field: 'title', op: 'contains', value: 'FLAT' })).toBe(true);
    expect(meets({ field: 'title', op: 'contains', value: 'house' })).toBe(false);
    expect(meets({ field: 'kind', op: '=', value: 'flat' })).toBe(true);
    expect(meets({ field: 'kind', op: '!=', value: 'Flat' })).toBe(false);
    expect(meets({ field: 'kind', op: '!=', value: 'House' })).toBe(true);
  });

  it('reads yes/no fields with is_true and is_false', () => {
    expect(meets({ field: 'remote', op: 'is_true' })).toBe(true);
    expect(meets({ field: 'remote', op: 'is_false' })).toBe(false);
    expect(meets({ field: 'remote', op: 'is_false' }, { ...record, remote: false })).toBe(true);
  });

  it('lets an empty field meet no rule, != included', () => {
    const empty = { ...record, price: null };
    expect(meets({ field: 'price', op: '!=', value: 5 }, empty)).toBe(false);
    expect(meets({ field: 'price', op: '<', value: 5 }, empty)).toBe(false);
  });

  it('counts a record’s list with count_gt', () => {
    expect(meets({ field: 'tags', op: 'count_gt', value: 1 }, { tags: ['a', 'b'] })).toBe(true);
    expect(meets({ field: 'tags', op: 'count_gt', value: 2 }, { tags: ['a', 'b'] })).toBe(false);
  });
});

describe('evaluating rules on a list', () => {
  const list = {
    items: [
      { ...record, price: 300 },
      { ...record, title: 'Small house', price: 80 },
    ],
  };

  it('meets a field rule when any item meets it', () => {
    expect(meets({ field: 'price', op: '<', value: 100 }, list)).toBe(true);
    expect(meets({ field: 'price', op: '<', value: 50 }, list)).toBe(false);
    expect(meets({ field: 'title', op: 'contains', value: 'house' }, list)).toBe(true);
  });

  it('counts the items with count_gt', () => {
    expect(meets({ field: 'items', op: 'count_gt', value: 1 }, list)).toBe(true);
    expect(meets({ field: 'items', op: 'count_gt', value: 2 }, list)).toBe(false);
    expect(meets({ field: 'items', op: 'count_gt', value: 0 }, { items: [] })).toBe(false);
  });
});

describe('all and any', () => {
  const cheap = { field: 'price', op: '<', value: 50 } as const;
  const flat = { field: 'kind', op: '=', value: 'Flat' } as const;

  it('needs every rule for "all", and names the first one not met', () => {
    expect(rulesNotMet(all(flat, cheap), record)).toBe('Not delivered: price < 50 was not met');
    expect(rulesNotMet(all(flat), record)).toBeNull();
  });

  it('needs one rule for "any"', () => {
    expect(rulesNotMet(any(cheap, flat), record)).toBeNull();
    expect(rulesNotMet(any(cheap), record)).toBe(rulesNotMetReasons.noneMet);
  });

  it('describes each kind of rule in the history’s words', () => {
    expect(describeRule({ field: 'remote', op: 'is_true' })).toBe('remote is true');
    expect(describeRule({ field: 'items', op: 'count_gt', value: 3 })).toBe('items count > 3');
    expect(describeRule({ field: 'title', op: 'contains', value: 'remote' })).toBe('title contains remote');
  });
});
