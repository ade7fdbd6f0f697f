import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const items = [
  { question: 'What is it?', answer: 'A scheduler for prompts.' },
  { question: 'Is it private?', answer: 'Only you see your tasks.' },
];

describe('Accordion', () => {
  it('starts closed and names each answer region by its question', () => {
    render(<Accordion items={items} />);

    const question = screen.getByRole('button', { name: 'What is it?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
    expect(question.closest('h3')).not.toBeNull();
  });

  it('opens and closes an answer on click, independently of the others', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} headingLevel={4} />);
    const first = screen.getByRole('button', { name: 'What is it?' });
    const second = screen.getByRole('button', { name: 'Is it private?' });

    await user.click(first);
    await user.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'What is it?' }).textContent).toBe('A scheduler for prompts.');
    expect(screen.getByRole('region', { name: 'Is it private?' }).id).toBe(second.getAttribute('aria-controls'));

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'What is it?' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Is it private?' })).toBeTruthy();
    expect(first.closest('h4')).not.toBeNull();
  });

  it('is operated from the keyboard like any button', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'What is it?' })).toBeTruthy();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Is it private?' })).toBeTruthy();
  });
});
