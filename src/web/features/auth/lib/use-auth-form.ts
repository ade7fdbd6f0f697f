import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#web/lib/toast';

type AuthFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> = {
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Sends the checked values; what it throws is told to the user with `failureMessage`. */
  submit: (values: z.output<Schema>) => Promise<void>;
  successMessage: string;
  failureMessage: (error: unknown) => string;
};

/**
 * The sign-in, sign-up and reset-link forms: each field is checked as it is typed, and how sending went is told in a
 * toast. `id` prefixes the ids of the form's fields.
 */
export function useAuthForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  submit,
  successMessage,
  failureMessage,
}: AuthFormOptions<Schema>) {
  const id = useId();
  const { register, handleSubmit, formState } = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit(values);
      toast.success(successMessage);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  });

  return { id, register, errors: formState.errors, isSubmitting: formState.isSubmitting, onSubmit };
}
