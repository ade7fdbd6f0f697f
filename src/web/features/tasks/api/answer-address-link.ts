import { useMutation } from '@tanstack/react-query';
import { addressLinkResponseSchema, type AddressLinkResponse } from '#shared/tasks/delivery-address.schema';
import { apiClient } from '#web/lib/api-client';

export type AddressLinkAction = 'confirm' | 'unsubscribe';

/**
 * `POST /api/delivery-addresses/confirm|unsubscribe?token=`: the address answers a sender from the link of an e-mail
 * (ADR 0053). No sign-in: the signed token is the proof. Idempotent, so a screen that mounts twice may call twice.
 */
export async function answerAddressLink({ token, action }: { token: string; action: AddressLinkAction }): Promise<AddressLinkResponse> {
  const query = new URLSearchParams({ token }).toString();
  return addressLinkResponseSchema.parse(await apiClient.post(`/api/delivery-addresses/${action}?${query}`));
}

export function useAnswerAddressLink() {
  return useMutation({ mutationFn: answerAddressLink });
}
