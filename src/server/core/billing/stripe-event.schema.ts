import { subscriptionStatuses } from '#shared/billing/plan.schema';
import { z } from 'zod';
import { isSingleLineText } from '#shared/text/safe-text';

/**
 * The Stripe events this server reads, one schema per type (ADR 0096). A valid signature proves who sent an event,
 * not what is in it: anything the code below reads is named here, and bounded so that nothing downstream can fail on
 * it. Fields we never read are dropped by the parse, so new ones Stripe adds change nothing.
 */

/** An id PostgreSQL can compare and store: one line (no NUL), 255 characters at most; Stripe's are far shorter. */
const stripeId = z.string().min(1).max(255).refine(isSingleLineText);

/** Seconds since 1970 up to 9999-12-31T23:59:59Z: a date JS and PostgreSQL's timestamptz both hold, as the API's dates. */
const stripeTime = z.number().int().min(0).max(253_402_300_799);

/** A reference Stripe sends as an id or, when expanded, as the object itself: read as the id either way. */
const reference = z.union([stripeId, z.object({ id: stripeId })]).transform((value) => (typeof value === 'string' ? value : value.id));

/** What checkout writes (checkout.ts); other keys are the merchant's own and never read. */
const metadata = z.object({ workspaceId: stripeId.optional(), userId: stripeId.optional(), planId: stripeId.optional() });

export const stripeEventEnvelope = z.object({
  id: stripeId,
  type: stripeId,
  created: stripeTime,
  data: z.object({ object: z.object({}) }),
});

/** On each item since API version 2025-03-31, on the subscription before (apply-stripe-subscription.ts reads either). */
const period = { current_period_start: stripeTime.optional(), current_period_end: stripeTime.optional() };

const stripeSubscription = z.object({
  id: stripeId,
  customer: reference,
  // One outside them is refused rather than stored as a state the product does not know.
  status: z.enum(subscriptionStatuses),
  metadata,
  items: z.object({ data: z.array(z.object({ price: z.object({ id: stripeId }), ...period })) }),
  ...period,
  cancel_at_period_end: z.boolean(),
  cancel_at: stripeTime.nullable(),
});

const checkoutSession = z.object({
  id: stripeId,
  client_reference_id: stripeId.nullable(),
  customer: reference.nullable(),
  subscription: reference.nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  metadata: metadata.nullable(),
});

const invoice = z.object({
  id: stripeId,
  customer: reference.nullable(),
  parent: z.object({ subscription_details: z.object({ subscription: reference }).nullable() }).nullish(),
  /** Before API version 2025-03-31, on the invoice itself. */
  subscription: reference.nullish(),
});

const eventOf = <Type extends string, Shape extends z.ZodType>(type: Type, object: Shape) =>
  stripeEventEnvelope.extend({ type: z.literal(type), data: z.object({ object }) });

/** Every event type the server applies (apply-stripe-event.ts); any other well-formed event is acknowledged and ignored. */
export const handledStripeEvent = z.discriminatedUnion('type', [
  eventOf('checkout.session.completed', checkoutSession),
  eventOf('customer.subscription.created', stripeSubscription),
  eventOf('customer.subscription.updated', stripeSubscription),
  eventOf('customer.subscription.deleted', stripeSubscription),
  eventOf('invoice.payment_failed', invoice),
]);

export type HandledStripeEvent = z.output<typeof handledStripeEvent>;
export type StripeSubscription = z.output<typeof stripeSubscription>;
export type StripeCheckoutSession = z.output<typeof checkoutSession>;
export type StripeInvoice = z.output<typeof invoice>;

export const handledStripeEventTypes: ReadonlySet<string> = new Set(handledStripeEvent.options.map((option) => option.shape.type.value));
