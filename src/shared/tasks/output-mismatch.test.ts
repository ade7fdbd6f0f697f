import { describe, expect, it } from 'vitest';
import { outputMismatch, outputSchemaOfShape, strictOutputSchema } from './output-schema';
import { listing } from './output-shape.fixtures';

describe('an answer checked against the strict schema (ADR 0119)', () => {
  const schema = strictOutputSchema(outputSchemaOfShape(listing));
  const good = {
    title: 'Flat',
    price: 1200,
    rooms: null,
    furnished: true,
    listed_on: '2026-12-01',
    link: 'https://example.com/1',
    status: 'open',
  };
  const answer = (change: Record<string, unknown>, drop?: string) => {
    const item: Record<string, unknown> = { ...good, ...change };
    if (drop) delete item[drop];
    return { items: [good, good, item] };
  };

  it('accepts a matching answer, with null for the optional fields', () => {
    expect(outputMismatch(schema, answer({}))).toBeNull();
    expect(outputMismatch(schema, answer({ rooms: null, furnished: null, link: null, status: null }))).toBeNull();
    expect(outputMismatch(schema, { items: [] })).toBeNull();
  });

  it('names the first problem and its path in words', () => {
    expect(outputMismatch(schema, answer({ price: '1200' }))).toEqual({ path: 'items.2.price', message: 'expected a number, got text' });
    expect(outputMismatch(schema, answer({ rooms: 2.5 }))).toEqual({
      path: 'items.2.rooms',
      message: 'expected a whole number, got the number 2.5',
    });
    expect(outputMismatch(schema, answer({}, 'title'))).toEqual({ path: 'items.2.title', message: 'required field is missing' });
    expect(outputMismatch(schema, answer({}, 'rooms'))).toEqual({ path: 'items.2.rooms', message: 'required field is missing' });
    expect(outputMismatch(schema, answer({ colour: 'red' }))).toEqual({ path: 'items.2.colour', message: 'unexpected field' });
    expect(outputMismatch(schema, answer({ status: 'sold' }))).toEqual({
      path: 'items.2.status',
      message: 'expected one of "open", "let", got "sold"',
    });
    expect(outputMismatch(schema, answer({ listed_on: 'last Tuesday' }))).toEqual({
      path: 'items.2.listed_on',
      message: 'expected a date (YYYY-MM-DD), got "last Tuesday"',
    });
    expect(outputMismatch(schema, answer({ listed_on: '2026-02-30' }))).toMatchObject({ path: 'items.2.listed_on' });
    expect(outputMismatch(schema, answer({ link: 'see the website' }))).toEqual({
      path: 'items.2.link',
      message: 'expected a link (URL), got "see the website"',
    });
    expect(outputMismatch(schema, answer({ furnished: 'yes' }))).toEqual({
      path: 'items.2.furnished',
      message: 'expected yes or no (true or false), got text',
    });
  });

  it('says when the answer itself is not the object asked for', () => {
    expect(outputMismatch(schema, [good])).toEqual({ path: '(root)', message: 'expected an object, got a list of 1 entry' });
    expect(outputMismatch(schema, {})).toEqual({ path: 'items', message: 'required field is missing' });
  });
});
