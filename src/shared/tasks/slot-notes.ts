import type { SlotNote } from './schedule';

/** What a slot's note means to the user, beside its time in the form's and the task page's upcoming runs. */
export const slotNoteTexts: Record<SlotNote, string> = {
  dst_shifted: 'Clocks go forward: the time does not exist that day, so it runs at the first minute after.',
  dst_repeated: 'Clocks go back: the time happens twice that day.',
  skipped_date: 'Skipped: this date is one of the task’s skip dates.',
  paused_until: 'Paused: the task does not run before its pause ends.',
  after_end: 'After the end date: the task is finished by then and does not run.',
};
