import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRun } from '#web/testing/run-fixtures';
import { renderHistoryOf } from '../testing/history-of';

const factIn = (container: HTMLElement, label: string) =>
  within(container).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

describe('the model that answered a run (ADR 0121)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says in the full results when the fallback model answered, and nothing when the task’s own did', async () => {
    renderHistoryOf([
      makeRun({ id: 'run-fallback', taskName: 'Rescued digest', answeredBy: { provider: 'anthropic', model: 'claude-haiku-4-5' } }),
      makeRun({ id: 'run-own', taskName: 'Plain digest' }),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Rescued digest/ }));
    const rescued = await screen.findByRole('dialog', { name: 'Rescued digest' });
    expect(factIn(rescued, 'Model')).toBe('Answered by the fallback model Claude Haiku 4.5');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Plain digest/ }));
    const plain = await screen.findByRole('dialog', { name: 'Plain digest' });
    expect(factIn(plain, 'Model')).toBeNull();
  });
});
