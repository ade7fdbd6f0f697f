import type { z } from 'zod';
import { isSchemaObject, typesOf, withoutNull } from './json-schema-node';

/**
 * Only new or changed items (ADR 0122): a structured task whose result is a list delivers only the items it has not
 * delivered before (`new_items`), or those whose watched fields differ from what was last delivered
 * (`changed_items`). An item is told apart by one of its fields, `itemKey`, or by the whole item (`*`).
 */

export const itemRules = ['new_items', 'changed_items'] as const;
export type ItemRule = (typeof itemRules)[number];

export function isItemRule(value: unknown): value is ItemRule {
  return (itemRules as readonly unknown[]).includes(value);
}

/** `itemKey` naming the whole item rather than one of its fields. */
export const wholeItemKey = '*';

export const watchedFieldLimits = { min: 1, max: 20 } as const;

export const itemRuleMessages = {
  needsList: 'Only new or changed items works on results that are a list: give the task an output schema with a list of items.',
  itemKey: 'Please choose the field that tells one item from another, or "*" for the whole item.',
  unknownField: (name: string, fields: string[]) => `The items have no field "${name}". Their fields: ${fields.join(', ')}.`,
  watchedFields: 'Please choose 1 to 20 fields to watch for changes.',
  watchedIsKey: 'The field that tells items apart cannot also be watched: it never changes for an item.',
  wholeItemWatched: 'Changed items needs a key field, not the whole item ("*"): choose the field that tells items apart.',
} as const;

/** Why a run with such a rule delivered nothing, as its history shows it. */
export const itemRuleNotDelivered = { new_items: 'No new items', changed_items: 'No changed items' } as const;

/**
 * The field names of a list's items (ADR 0119's convention: an object root whose one property, `items`, is an array
 * of objects), or null when the schema is not such a list.
 */
export function listItemFields(schema: unknown): string[] | null {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return null;
  const names = Object.keys(schema.properties);
  const list = schema.properties.items;
  if (names.length !== 1 || !isSchemaObject(list)) return null;
  const array = withoutNull(list);
  if (!typesOf(array).includes('array') || !isSchemaObject(array.items)) return null;
  const item = withoutNull(array.items);
  if (!typesOf(item).includes('object') || !isSchemaObject(item.properties)) return null;
  return Object.keys(item.properties);
}

/**
 * The rule's fields against the task's output schema, each problem at its own field. The values may not have their
 * final type yet (task.schema.ts runs this even when other fields failed).
 */
export function checkItemRule(
  task: { deliverWhen?: unknown; itemKey?: unknown; watchedFields?: unknown; outputSchema?: unknown },
  context: z.RefinementCtx,
): void {
  if (!isItemRule(task.deliverWhen)) return;
  const fields = listItemFields(task.outputSchema);
  if (!fields) {
    context.addIssue({ code: 'custom', path: ['deliverWhen'], message: itemRuleMessages.needsList });
    return;
  }
  const key = typeof task.itemKey === 'string' ? task.itemKey.trim() : '';
  if (!key) context.addIssue({ code: 'custom', path: ['itemKey'], message: itemRuleMessages.itemKey });
  else if (key !== wholeItemKey && !fields.includes(key)) {
    context.addIssue({ code: 'custom', path: ['itemKey'], message: itemRuleMessages.unknownField(key, fields) });
  }
  if (task.deliverWhen !== 'changed_items') return;
  if (key === wholeItemKey) context.addIssue({ code: 'custom', path: ['itemKey'], message: itemRuleMessages.wholeItemWatched });
  const watched = Array.isArray(task.watchedFields) ? task.watchedFields : [];
  if (watched.length < watchedFieldLimits.min || watched.length > watchedFieldLimits.max) {
    context.addIssue({ code: 'custom', path: ['watchedFields'], message: itemRuleMessages.watchedFields });
    return;
  }
  watched.forEach((name: unknown, index) => {
    if (typeof name !== 'string') return;
    if (name === key) context.addIssue({ code: 'custom', path: ['watchedFields', index], message: itemRuleMessages.watchedIsKey });
    else if (!fields.includes(name)) {
      context.addIssue({ code: 'custom', path: ['watchedFields', index], message: itemRuleMessages.unknownField(name, fields) });
    }
  });
}
