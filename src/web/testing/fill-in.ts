import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `value` in a text field the way a user pasting it would: focus, select all and delete (`user.clear`), then
 * paste. The events are real (focus, beforeinput, input, change), but the form renders once instead of once per
 * character, which in happy-dom on two busy cores made long forms take seconds. Use `user.type` when the keystrokes
 * themselves are under test (a check on every change, a key such as Enter); the value replaces what the field held.
 * Takes `userEvent.setup()` or the `userEvent` default export.
 */
export async function fillIn(user: Pick<UserEvent, 'clear' | 'paste'>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value !== '') await user.paste(value);
}
