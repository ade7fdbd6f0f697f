import { useMutation } from '@tanstack/react-query';
import { testDeliveryResultSchema, type TestDeliveryInput, type TestDeliveryResult } from '#shared/tasks/test-delivery.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * `POST /api/tasks/test-delivery`: sends one sample message to the delivery fields as they stand in the form, saved or
 * not. A receiver that answers with an error is still a 200 here (`ok: false`); only bad input (400) and too many
 * tests (429) reject.
 */
export async function testDelivery(input: TestDeliveryInput): Promise<TestDeliveryResult> {
  return testDeliveryResultSchema.parse(await apiClient.post('/api/tasks/test-delivery', input));
}

/** "Send test message": nothing is cached, since a test changes no task. */
export function useTestDelivery() {
  return useMutation({ mutationFn: testDelivery });
}
