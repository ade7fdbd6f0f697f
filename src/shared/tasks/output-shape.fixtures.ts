import type { OutputShape } from './output-schema';

/** A list with every field type the editor offers: the shared example of the output schema's tests (ADR 0119). */
export const listing: OutputShape = {
  kind: 'list',
  fields: [
    { name: 'title', type: 'text', description: 'The headline', required: true },
    { name: 'price', type: 'number', required: true },
    { name: 'rooms', type: 'integer', required: false },
    { name: 'furnished', type: 'boolean', required: false },
    { name: 'listed_on', type: 'date', required: true },
    { name: 'link', type: 'link', required: false },
    { name: 'status', type: 'enum', values: ['open', 'let'], required: false, description: 'Whether it is still free' },
  ],
};

/** A record with a required and an optional field. */
export const summary: OutputShape = {
  kind: 'record',
  fields: [
    { name: 'headline', type: 'text', required: true },
    { name: 'score', type: 'integer', required: false },
    { name: 'urgent', type: 'boolean', required: true },
  ],
};
