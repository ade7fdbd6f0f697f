import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { handledStripeEvent } from '#server/core/billing/stripe-event.schema';
import { stripeEvents, subscriptionPlans, subscriptions } from '#server/db/schema/index';
import { useTestApp } from './app';
import { hostileJsonValues, withField } from './hostile-inputs';
import { proPlanId } from './plans';
import { seedUser } from './seed';
import { signStripePayload, stripeEvent, stripeTestWebhookSecret, subscriptionObject } from './stripe-server';
import { subscribePersonal } from './users';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';

/**
 * Stripe's signed events, one field broken at a time (ADR 0096). The fields, and what each accepts, are read from the
 * event schemas themselves (as JSON Schema), so a field added to one is probed without anyone listing it:
 * - each field broken by its own bounds (missing when required, null when not nullable, another type, past its
 *   length or range, a NUL in an id, outside its enum) answers 400 `invalid_event`;
 * - the hostile corpus in each field never answers 5xx: what the schema refuses answers 400 and, like the breakers,
 *   changes nothing; what it accepts is applied and answers 200, so "valid" is never wider than what the code
 *   behind it survives.
 */

const t = useTestApp({ env: () => ({ STRIPE_WEBHOOK_SECRET: stripeTestWebhookSecret }) });

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface Field {
  path: string;
  required: boolean;
  schema: JsonSchema;
}

/** A union's members, unions inside it flattened (`reference.nullable()` is a union in a union). */
const alternativesOf = (schema: JsonSchema): JsonSchema[] => (schema.anyOf ? schema.anyOf.flatMap(alternativesOf) : [schema]);

/** Every field of `schema`, nested ones by dotted path; an array's through its first element (`items.data.0`). */
function fieldsOf(schema: JsonSchema, prefix = ''): Field[] {
  return alternativesOf(schema).flatMap((member) => {
    if (member.type === 'array' && member.items) {
      const path = `${prefix}0`;
      return [{ path, required: false, schema: member.items }, ...fieldsOf(member.items, `${path}.`)];
    }
    return Object.entries(member.properties ?? {}).flatMap(([name, property]) => {
      const path = `${prefix}${name}`;
      return [{ path, required: member.required?.includes(name) ?? false, schema: property }, ...fieldsOf(property, `${path}.`)];
    });
  });
}

const otherTypes: [name: string, json: string, type: string][] = [
  ['a number', '1', 'integer'],
  ['text', '"text"', 'string'],
  ['a boolean', 'true', 'boolean'],
  ['an object', '{}', 'object'],
  ['an array', '[]', 'array'],
];

/** JSON values that `field`'s own schema refuses, by name; `undefined` leaves the field out. */
function breakersOf({ required, schema }: Field): Record<string, string | undefined> {
  const members = alternativesOf(schema);
  const types = new Set(members.map((member) => member.type));
  const breakers: Record<string, string | undefined> = {};
  if (required) breakers.missing = undefined;
  if (!types.has('null')) breakers.null = 'null';
  for (const [name, json, type] of otherTypes) if (!types.has(type)) breakers[name] = json;
  for (const member of members) {
    if (member.type === 'string' && member.enum) breakers['outside its enum'] = '"not_a_stripe_value"';
    else if (member.type === 'string' && member.const === undefined) {
      // Every text an event carries that is not an enum is an id: one line, no NUL (PostgreSQL refuses it).
      breakers['a NUL'] = JSON.stringify('id_\u0000');
      if (member.minLength) breakers.empty = '""';
      if (member.maxLength !== undefined) breakers['past its length'] = JSON.stringify('a'.repeat(member.maxLength + 1));
    }
    if (member.type === 'integer') {
      breakers.fraction = '1.5';
      if (member.minimum !== undefined) breakers['below its range'] = String(member.minimum - 1);
      if (member.maximum !== undefined) {
        breakers['past its range'] = String(member.maximum + 1);
        breakers['1e15'] = '1e15';
        breakers['99999999999999'] = '99999999999999';
      }
    }
  }
  return breakers;
}

/** `base` without the field at the dotted `path`, as JSON text; like withField, a parent that is not an object becomes one. */
function without(base: Record<string, unknown>, path: string): string {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    target[key] = typeof next === 'object' && next !== null ? next : {};
    target = target[key] as Record<string, unknown>;
  }
  delete target[keys.at(-1) ?? path];
  return JSON.stringify(copy);
}

interface Probe {
  label: string;
  body: string;
}

let probeNumber = 0;

/** Each probe is a new event id: a probe Stripe's replay rule swallowed would test nothing. */
function probeOf(base: Record<string, unknown>, path: string, valueName: string, json: string | undefined): Probe {
  probeNumber += 1;
  const fresh = { ...base, id: `evt_probe_${probeNumber}` };
  const body = json === undefined ? without(fresh, path) : withField(fresh, path, json);
  return { label: `${String(base.type)} ${path}=${valueName}`, body };
}

async function deliver(body: string): Promise<{ status: number; code?: string }> {
  const response = await t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(body) },
    body,
  });
  const answer = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: answer.error?.code };
}

/** Sends the probes a few at a time, as Stripe's concurrent deliveries would, and lists every answer but `expected`. */
async function unexpectedAnswers(probes: Probe[], expected: { status: number; code?: string }, concurrency = 6): Promise<string[]> {
  const unexpected: string[] = [];
  const queue = [...probes];
  const sender = async () => {
    for (let probe = queue.shift(); probe; probe = queue.shift()) {
      const answer = await deliver(probe.body);
      if (answer.status !== expected.status || answer.code !== expected.code)
        unexpected.push(`${probe.label}: ${answer.status} ${answer.code ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return unexpected;
}

interface EventType {
  base: Record<string, unknown>;
  fields: Field[];
  /** Whether the hostile corpus runs on this type: once per object schema (`created`, `updated` and `deleted` share one). */
  corpus: boolean;
  /** The user the base event is about, and their subscription row as it was before any probe. */
  payer: { userId: string; row: typeof subscriptions.$inferSelect };
}

let eventTypes: EventType[];

/** A paying user of their own per event type, so that the types' probes run side by side without waiting on one row. */
async function seedPayer(n: number): Promise<EventType['payer']> {
  const { id: userId } = await seedUser(t.db, { name: `Probed payer ${n}` });
  const row = await subscribePersonal(t.db, userId, {
    planId: proPlanId,
    status: 'active',
    stripeCustomerId: `cus_probe${n}`,
    stripeSubscriptionId: `sub_probe${n}`,
    stripeEventAt: new Date(Date.now() - 60_000),
  });
  return { userId, row };
}

/** A well-formed event of `type` about `payer`, as Stripe sends it. */
function validEvent(type: string, { userId, row }: EventType['payer']): Record<string, unknown> {
  const customer = row.stripeCustomerId ?? '';
  const subscription = row.stripeSubscriptionId ?? '';
  const metadata = { userId, planId: proPlanId };
  const subscriptionObjectOf = (status: string) =>
    subscriptionObject({ id: subscription, customer, price: { id: 'price_probe' }, metadata, status });
  switch (type) {
    case 'checkout.session.completed':
      return stripeEvent(type, {
        id: 'cs_probe',
        object: 'checkout.session',
        client_reference_id: userId,
        customer,
        subscription,
        payment_status: 'paid',
        metadata,
      });
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return stripeEvent(type, subscriptionObjectOf('active'));
    case 'customer.subscription.deleted':
      return stripeEvent(type, subscriptionObjectOf('canceled'));
    case 'invoice.payment_failed':
      return stripeEvent(type, {
        id: 'in_probe',
        object: 'invoice',
        customer,
        parent: { type: 'subscription_details', subscription_details: { subscription } },
      });
    default:
      throw new Error(`no well-formed ${type} event to break: add one here`);
  }
}

const snapshot = async () => ({
  subscriptions: await t.db.select().from(subscriptions).orderBy(subscriptions.id),
  plans: await t.db.select().from(subscriptionPlans).orderBy(subscriptionPlans.id),
  events: await t.db.select().from(stripeEvents).orderBy(stripeEvents.id),
});

beforeAll(async () => {
  eventTypes = [];
  const objectSchemas = new Set<unknown>();
  for (const [n, schema] of handledStripeEvent.options.entries()) {
    const payer = await seedPayer(n);
    const fields = fieldsOf(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
    const object = schema.shape.data.shape.object;
    eventTypes.push({ base: validEvent(schema.shape.type.value, payer), fields, corpus: !objectSchemas.has(object), payer });
    objectSchemas.add(object);
  }
});

const acceptedBySchema = ({ body }: Probe) => handledStripeEvent.safeParse(JSON.parse(body)).success;

/** The hostile corpus in every field but `type`, which only chooses the schema: another type is another event. */
function hostileProbes({ base, fields, corpus }: EventType): Probe[] {
  if (!corpus) return [];
  return fields
    .filter(({ path }) => path !== 'type')
    .flatMap(({ path }) => Object.entries(hostileJsonValues).map(([name, json]) => probeOf(base, path, name, json)));
}

it('refuses every field of every event we apply broken by its own bounds, or holding what the schema refuses, changing nothing', async () => {
  for (const { base } of eventTypes) expect(handledStripeEvent.safeParse(base).success).toBe(true);
  const broken = eventTypes.flatMap(({ base, fields }) =>
    fields.flatMap((field) => Object.entries(breakersOf(field)).map(([name, json]) => probeOf(base, field.path, name, json))),
  );
  // The breakers are made from the schema's bounds: if the schema took one, the probe would be wrong, not the server.
  expect(broken.filter(acceptedBySchema).map(({ label }) => label)).toEqual([]);
  const refused = eventTypes.flatMap(hostileProbes).filter((probe) => !acceptedBySchema(probe));
  const before = await snapshot();

  expect(await unexpectedAnswers([...broken, ...refused], { status: 400, code: 'invalid_event' })).toEqual([]);
  expect(await snapshot()).toEqual(before);
  expect(broken.length).toBeGreaterThan(500);
  expect(refused.length).toBeGreaterThan(1_500);
});

it('applies what the schema accepts of the hostile corpus, answering 200 and never 5xx', async () => {
  const accepted = eventTypes.map((eventType) => ({ eventType, probes: hostileProbes(eventType).filter(acceptedBySchema) }));
  const unexpected = await Promise.all(
    accepted.map(async ({ eventType: { payer }, probes }) => {
      const answers: string[] = [];
      // One at a time from the payer's first state, so that each reaches as deep as a well-formed event does.
      for (const probe of probes) {
        await t.db
          .update(subscriptions)
          .set(payer.row)
          .where(eq(subscriptions.workspaceId, personalWorkspaceOf(payer.userId)));
        answers.push(...(await unexpectedAnswers([probe], { status: 200 }, 1)));
      }
      return answers;
    }),
  );
  expect(unexpected.flat()).toEqual([]);
  expect(accepted.flatMap(({ probes }) => probes).length).toBeGreaterThan(300);
});
