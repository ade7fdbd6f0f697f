import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogPosts } from '#shared/content/blog';
import { renderRoutes } from '#web/testing/test-utils';
import { BlogList, formatPostDate } from './blog-list';

describe('BlogList', () => {
  it('features the first article and shows three more until more are asked for', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BlogList posts={blogPosts} /> }]);

    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(4);
    const featured = within(articles[0] as HTMLElement);
    expect(featured.getByText('Featured')).toBeTruthy();
    expect(featured.getByRole('link', { name: 'Introducing Promptcron: AI prompts on a schedule' }).getAttribute('href')).toBe(
      '/blog/introducing-promptcron',
    );
    expect(featured.getByText('April 24, 2025')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load More Articles' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
    expect(screen.getByText('You have seen all 6 articles.')).toBeTruthy();
  });

  it('shows each article with category, date, author and read time', async () => {
    renderRoutes([{ path: '/', element: <BlogList posts={blogPosts.slice(0, 2)} /> }]);

    const second = within((await screen.findAllByRole('article'))[1] as HTMLElement);
    expect(second.getByText('Prompting')).toBeTruthy();
    expect(second.getByText('April 17, 2025')).toBeTruthy();
    expect(second.getByText('Mara Lindqvist')).toBeTruthy();
    expect(second.getByText('6 min read')).toBeTruthy();
  });

  it('formats the date as the same calendar day everywhere', () => {
    expect(formatPostDate('2025-01-01')).toBe('January 1, 2025');
  });
});
