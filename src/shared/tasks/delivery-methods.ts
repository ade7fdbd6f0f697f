/** Where a task's results go; its own module so that the run's receipt can name them without importing tasks. */
export const deliveryMethods = ['email', 'webhook', 'slack', 'discord'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
