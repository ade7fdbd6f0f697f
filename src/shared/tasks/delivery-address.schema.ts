import { z } from 'zod';

/**
 * Whether a task's e-mail target may receive its results (ADR 0053): the account's own address once the
 * account confirmed it (`own`; until then `own-unconfirmed`, ADR 0109); any other once its owner confirmed
 * (`confirmed`), not while the confirmation is awaited (`pending`) nor after it unsubscribed from the workspace's mail
 * (`unsubscribed`). A current member's own confirmed address needs no confirmation while they are a member of the
 * task's workspace (`member`, ADR 0138).
 */
export const deliveryAddressStatuses = ['own', 'own-unconfirmed', 'confirmed', 'pending', 'unsubscribed', 'member'] as const;
export type DeliveryAddressStatus = (typeof deliveryAddressStatuses)[number];

/**
 * `GET /api/tasks/:id/delivery-address`: `address` is the first destination's, null when it is not an e-mail;
 * `addresses` has every e-mail destination's, by its id (ADR 0127).
 */
export const taskDeliveryAddressSchema = z.object({
  address: z.object({ email: z.string(), status: z.enum(deliveryAddressStatuses) }).nullable(),
  addresses: z
    .array(z.object({ destinationId: z.string(), email: z.string(), status: z.enum(deliveryAddressStatuses) }))
    .default([])
    .meta({ description: 'Each e-mail destination’s address and whether it may receive results yet, in the task’s order' }),
});
export type TaskDeliveryAddress = z.infer<typeof taskDeliveryAddressSchema>;

/** What the task page says of an address still waiting. */
export const waitingForConfirmationText = 'Waiting for confirmation';

/** What a run records when its e-mail target was not allowed to receive it. */
export const addressNotConfirmedError = 'Not delivered: address not confirmed';
export const addressUnsubscribedError = 'Not delivered: the address unsubscribed from your e-mails';
/** What a run records when its target is the account's own address, not confirmed yet (ADR 0109). */
export const ownAddressUnconfirmedError = 'Not delivered: confirm your e-mail address';

/** `POST /api/delivery-addresses/confirm|unsubscribe?token=`: the token of a link in a confirmation or result e-mail. */
export const addressLinkInputSchema = z.object({ token: z.string().min(1).max(300) });

/** The address, who sends to it, and what it now accepts. */
export const addressLinkResponseSchema = z.object({
  email: z.string(),
  sender: z.string().meta({ description: 'Who mails it: the person of a personal workspace, or the team’s name (ADR 0142)' }),
  status: z.enum(['confirmed', 'unsubscribed']),
});
export type AddressLinkResponse = z.infer<typeof addressLinkResponseSchema>;

/** `POST /api/tasks/:id/delivery-address/resend`: which e-mail destination of the task to ask again (ADR 0142). */
export const resendAddressConfirmationInputSchema = z.object({ destinationId: z.string().min(1).max(100) });
export const resendAddressConfirmationResponseSchema = z.object({ email: z.string() });
