import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendAddressConfirmationResponseSchema } from '#shared/tasks/delivery-address.schema';
import { apiClient } from '#web/lib/api-client';
import { toast, toastError } from '#web/lib/toast';

/**
 * `POST /api/tasks/:id/delivery-address/resend`: a pending address's confirmation mail again (ADR 0142), in the acting
 * workspace; the server refuses a viewer, an address that answered, and a second send within a minute.
 */
export async function resendDeliveryAddressConfirmation(taskId: string, destinationId: string): Promise<{ email: string }> {
  return resendAddressConfirmationResponseSchema.parse(
    await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/delivery-address/resend`, { destinationId }),
  );
}

export function useResendDeliveryAddressConfirmation(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (destinationId: string) => resendDeliveryAddressConfirmation(taskId, destinationId),
    onSuccess: ({ email }) => toast.success(`We sent a new link to ${email}.`),
    onError: (error) => {
      toastError('Could not send the e-mail', error, 'Please try again.');
      // Answered meanwhile: the note that offered this reads the address afresh.
      void queryClient.invalidateQueries({ queryKey: ['tasks', taskId, 'delivery-address'] });
    },
  });
}
