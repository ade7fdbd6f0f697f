import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadMoreButton } from './load-more-button';

const pages = (state: Partial<{ hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean }> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(() => Promise.resolve({}) as never),
  ...state,
});

describe('LoadMoreButton', () => {
  it('asks for the next page, and shows nothing once the server has no more', async () => {
    const list = pages();
    const { rerender } = render(<LoadMoreButton pages={list} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<LoadMoreButton pages={pages({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps keyboard focus while loading: busy, not disabled, and a second press sends nothing', async () => {
    const user = userEvent.setup();
    const list = pages({ isFetchingNextPage: true });
    render(<LoadMoreButton pages={list} />);

    const button = screen.getByRole('button', { name: 'Loading more...' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(list.fetchNextPage).not.toHaveBeenCalled();
  });

  it('offers Retry after the next page failed', async () => {
    const list = pages({ isFetchNextPageError: true });
    render(<LoadMoreButton pages={list} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
