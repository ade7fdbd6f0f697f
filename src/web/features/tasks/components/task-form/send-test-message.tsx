import { LoaderCircle, Send } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { deliversToUrl, type DeliveryMethod } from '#shared/tasks/task.schema';
import type { TestDeliveryInput, TestDeliveryResult } from '#shared/tasks/test-delivery.schema';
import { Button } from '#web/components/ui/button';
import { ApiError } from '#web/lib/api-client';
import { errorMessage } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useTestDelivery } from '../../api/test-delivery';
import { showServerFieldErrors } from './server-field-errors';
import { useTaskFormContext } from './use-task-form';

const sent = 'Test message sent';
const failed = 'Test message failed';

/** Who answered a test that posts to a URL, as the toast names it. */
const receivers: Record<Exclude<DeliveryMethod, 'email'>, string> = {
  webhook: 'Your endpoint',
  slack: 'Your Slack channel',
  discord: 'Your Discord channel',
};

const hints: Record<DeliveryMethod, string> = {
  email: 'Sends a sample result now, without saving the task. Test e-mails go only to your own address.',
  webhook: 'Posts an unsigned sample (type task.test) to this URL now, without saving the task.',
  slack: 'Posts a sample message in the channel now, without saving the task.',
  discord: 'Posts a sample message in the channel now, without saving the task.',
};

function successText(method: DeliveryMethod, { statusCode }: TestDeliveryResult): string {
  if (!deliversToUrl(method)) return 'Check your inbox.';
  return statusCode === null ? `${receivers[method]} accepted it.` : `${receivers[method]} answered ${statusCode}.`;
}

function failureText(method: DeliveryMethod, { statusCode, error }: TestDeliveryResult): string {
  if (error) return error;
  if (!deliversToUrl(method)) return 'The e-mail could not be sent.';
  return statusCode === null ? `${receivers[method]} did not answer.` : `${receivers[method]} answered ${statusCode}.`;
}

type SendTestMessageProps = {
  /** The destination to test, by its place in the form (ADR 0127); the first is the method and address at the top. */
  index?: number;
  /** Before the row's address is checked, so its complaint shows though the user has not typed in it yet. */
  onCheck?: () => void;
  /** The row's address field, where the keyboard goes when the address is refused (the form holds no ref to it). */
  addressId?: string;
};

/**
 * "Send test message": sends one destination's method and address as they stand, and the task's name for the
 * sample's title, so the user learns whether the address works before saving. The address is checked here first, so
 * an empty or malformed one shows its message without a request. The first destination's button is the card's own;
 * each other destination's row has one named after its place.
 */
export function SendTestMessage({ index = 0, onCheck, addressId }: SendTestMessageProps) {
  const form = useTaskFormContext();
  const firstMethod = useWatch({ control: form.control, name: 'deliveryMethod' });
  const rowMethod = useWatch({ control: form.control, name: `destinations.${index}.method` });
  const deliveryMethod = index === 0 ? firstMethod : rowMethod;
  const testDelivery = useTestDelivery();
  const hintId = index === 0 ? 'task-test-delivery-hint' : `task-test-delivery-hint-${index + 1}`;

  /** The destination's method and its address as the form holds them, once the form's own check passed. */
  const checkedDelivery = async (): Promise<Pick<TestDeliveryInput, 'deliveryMethod' | 'deliveryConfig'> | null> => {
    if (index === 0) {
      if (!(await form.trigger('deliveryConfig', { shouldFocus: true }))) return null;
      const { deliveryMethod: method, deliveryConfig } = form.getValues();
      return method && deliveryConfig ? { deliveryMethod: method, deliveryConfig } : null;
    }
    const destination = form.getValues(`destinations.${index}`);
    if (!destination) return null;
    onCheck?.();
    const field = deliversToUrl(destination.method) ? 'webhookUrl' : 'email';
    if (!(await form.trigger(`destinations.${index}.config.${field}`))) {
      if (addressId) document.getElementById(addressId)?.focus();
      return null;
    }
    return { deliveryMethod: destination.method, deliveryConfig: destination.config };
  };

  const send = async () => {
    if (testDelivery.isPending) return;
    const delivery = await checkedDelivery();
    if (!delivery) return;
    const { deliveryMethod: method, deliveryConfig } = delivery;
    const name = form.getValues('name');
    const input: TestDeliveryInput = {
      name: name.trim() || undefined,
      deliveryMethod: method,
      // Only the chosen method's address, as saving sends it.
      deliveryConfig: deliversToUrl(method) ? { webhookUrl: deliveryConfig.webhookUrl } : { email: deliveryConfig.email },
    };
    testDelivery.mutate(input, {
      onSuccess: (result) => {
        if (result.ok) toast.success(sent, { description: successText(method, result) });
        else toast.error(failed, { description: failureText(method, result) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) showServerFieldErrors(form, error, { destinationIndex: index });
        const fallback =
          error instanceof ApiError && error.status === 429
            ? 'Too many test messages. Please wait a minute and try again.'
            : 'The test message could not be sent. Please try again.';
        toast.error(failed, { description: errorMessage(error, fallback) });
      },
    });
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      {/* Not disabled while sending, so focus stays on it; another click is ignored until the answer arrives. */}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void send()}
        aria-disabled={testDelivery.isPending || undefined}
        aria-busy={testDelivery.isPending || undefined}
        aria-describedby={hintId}
        aria-label={index === 0 ? undefined : `Send test message to destination ${index + 1}`}
        className="self-start sm:self-auto"
      >
        {testDelivery.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        {testDelivery.isPending ? 'Sending...' : 'Send test message'}
      </Button>
      <p id={hintId} className="text-sm text-slate-500">
        {hints[deliveryMethod ?? 'email']}
      </p>
    </div>
  );
}
