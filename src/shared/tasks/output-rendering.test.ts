import { describe, expect, it } from 'vitest';
import { outputSchemaOfShape, renderOutput, strictOutputSchema } from './output-schema';
import { listing, summary } from './output-shape.fixtures';

describe('a structured result as readable text (ADR 0119)', () => {
  const schema = strictOutputSchema(outputSchemaOfShape(listing));

  it('renders a list as a Markdown table, escaping pipes and line breaks, null as an empty cell', () => {
    const value = {
      items: [
        {
          title: 'Flat | garden',
          price: 1200,
          rooms: 3,
          furnished: true,
          listed_on: '2026-12-01',
          link: 'https://example.com/1',
          status: 'open',
        },
        { title: 'Loft\nnear the river', price: 980.5, rooms: null, furnished: false, listed_on: '2026-12-02', link: null, status: null },
      ],
    };
    expect(renderOutput(schema, value)).toBe(
      [
        '| title | price | rooms | furnished | listed_on | link | status |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        '| Flat \\| garden | 1200 | 3 | Yes | 2026-12-01 | https://example.com/1 | open |',
        '| Loft<br>near the river | 980.5 |  | No | 2026-12-02 |  |  |',
      ].join('\n'),
    );
  });

  it('says "No items." for an empty list', () => {
    expect(renderOutput(schema, { items: [] })).toBe('No items.');
  });

  it('renders a record as one line per field', () => {
    const record = strictOutputSchema(outputSchemaOfShape(summary));
    expect(renderOutput(record, { headline: 'Rain | wind\ntonight', score: null, urgent: true })).toBe(
      ['- **headline**: Rain | wind', '  tonight', '- **score**:', '- **urgent**: Yes'].join('\n'),
    );
  });
});
