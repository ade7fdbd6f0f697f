import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaskStatusBadge } from './task-status-badge';

describe('task status badge', () => {
  it.each([
    ['active', 'Active', 'emerald'],
    ['paused', 'Paused', 'amber'],
    ['error', 'Error', 'red'],
  ])('shows %s as "%s" in %s', (status, label, colour) => {
    render(<TaskStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge.className).toContain(`bg-${colour}-50`);
  });

  it('shows a status it does not know in grey, by its own name', () => {
    render(<TaskStatusBadge status="archived" />);
    expect(screen.getByText('Archived').className).toContain('bg-slate-100');
  });
});
