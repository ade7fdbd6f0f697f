import { useFormContext } from 'react-hook-form';
import type { ParsedTaskInput } from '#shared/tasks/task.schema';
import type { TaskFormValues } from './task-form-values';

/** The task form's state, for the cards inside it (the form provides it). */
export function useTaskFormContext() {
  return useFormContext<TaskFormValues, unknown, ParsedTaskInput>();
}
