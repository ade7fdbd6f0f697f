import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunOutput } from './run-output';

describe('a structured run’s output (ADR 0119)', () => {
  it('shows a list as a table: a column per field, links that open, yes/no in words, a dash for nothing', () => {
    const output = {
      items: [
        { title: 'Backend engineer', salary: 95000, remote: true, url: 'https://jobs.example/1' },
        { title: 'Data analyst', salary: null, remote: false, url: 'https://jobs.example/2' },
      ],
    };
    render(<RunOutput output={output} caption="Result of Job watch" />);
    const table = screen.getByRole('table', { name: 'Result of Job watch' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['title', 'salary', 'remote', 'url']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Backend engineer', '95,000', 'Yes', 'https://jobs.example/1'],
      ['Data analyst', '—', 'No', 'https://jobs.example/2'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'https://jobs.example/1' }).getAttribute('href')).toBe('https://jobs.example/1');
  });

  it('says so for an empty list, and shows a record as its fields', () => {
    const { unmount } = render(<RunOutput output={{ items: [] }} caption="Result" />);
    expect(screen.getByText('No items.').tagName).toBe('P');
    unmount();
    render(<RunOutput output={{ price: 99.5, inStock: true, checked: '2027-01-04' }} caption="Result" />);
    const valueOf = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
    expect([valueOf('price'), valueOf('inStock'), valueOf('checked')]).toEqual(['99.5', 'Yes', '2027-01-04']);
  });
});
