import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addressConfirmationSentSchema,
  ownAddressConfirmedSchema,
  type AddressConfirmationSent,
} from '#shared/account/address-confirmation.schema';
import { apiClient } from './api-client';
import { meQueryKey } from './auth';
import { toast, toastError } from './toast';

/*
 * The account's own address (ADR 0109). In lib rather than a feature: the dashboard's banner, the task page, Run Now's
 * toast and the page the mail's link opens all send or confirm it.
 */

/** `POST /api/me/address-confirmation`: the "Confirm your e-mail address" mail again. */
export async function resendAddressConfirmation(): Promise<AddressConfirmationSent> {
  return addressConfirmationSentSchema.parse(await apiClient.post('/api/me/address-confirmation'));
}

export const resentText = ({ email }: AddressConfirmationSent) => `We sent a new link to ${email}.`;

/** Resend with its toasts: where the link went, or why it was not sent (a minute not yet over, already confirmed). */
export function useResendAddressConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendAddressConfirmation,
    onSuccess: (sent) => toast.success(resentText(sent)),
    onError: (error) => {
      toastError('Could not send the e-mail', error, 'Please try again.');
      // Confirmed in another tab or browser meanwhile: the banner that offered this goes.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** `POST /api/account-address/confirm?token=`: the press on the page the mail's link opens. No sign-in needed. */
export async function confirmOwnAddress(token: string): Promise<{ email: string }> {
  const query = new URLSearchParams({ token }).toString();
  return ownAddressConfirmedSchema.parse(await apiClient.post(`/api/account-address/confirm?${query}`));
}

export function useConfirmOwnAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOwnAddress,
    // A signed-in browser's banners and held-run notes read the account afresh.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
