import { z } from 'zod';
import { singleLineText } from '../text/safe-text';
import { checkDeliveryAddress, deliveryConfigSchema, deliveryMethods, taskMessages } from './task.schema';

/**
 * "Send test message" (issue 19): a task's delivery fields, saved or not, and optionally its name for the sample's
 * title. The address rules are the task's own, so a test passes exactly when saving would.
 */
export const testDeliveryInputSchema = z
  .object({
    name: singleLineText().trim().max(120, 'Task name must be at most 120 characters.').optional(),
    deliveryMethod: z.enum(deliveryMethods, { error: taskMessages.deliveryMethod }),
    deliveryConfig: deliveryConfigSchema,
  })
  .superRefine((delivery, context) => checkDeliveryAddress(delivery, context), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export type TestDeliveryInput = z.input<typeof testDeliveryInputSchema>;
export type ParsedTestDelivery = z.output<typeof testDeliveryInputSchema>;

/** What the sample's one attempt did: the receiver's HTTP status (null for e-mail or no answer) and why it failed. */
export const testDeliveryResultSchema = z
  .object({
    ok: z.boolean(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'TestDeliveryResult' });

export type TestDeliveryResult = z.infer<typeof testDeliveryResultSchema>;

/** At most this many test messages a minute per user: a test posts to a third party at once. */
export const testDeliveryPerMinute = 10;
