import { clsx } from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BlogPost } from '#shared/content/blog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { blogPostPath } from '#web/config/paths';
import { formatInstant } from '#web/lib/date-time';
import { AccentBanner } from './accent-banner';

/** The featured article plus this many more show at first; Load More Articles shows the next batch. */
export const blogPageSize = 3;

export function formatPostDate(isoDate: string): string {
  // A calendar day: read in UTC, it is the same day in every zone.
  return formatInstant(`${isoDate}T12:00:00Z`, 'longDate', { timeZone: 'UTC' });
}

function PostFacts({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <Badge>{post.category}</Badge>
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
      <span aria-hidden="true">·</span>
      <span>{post.readTime}</span>
    </p>
  );
}

/** The featured post spans the page with its banner beside the text; the others are cards in a grid. */
function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className={clsx(
        'overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm',
        featured ? 'grid md:grid-cols-2' : 'flex h-full flex-col',
      )}
    >
      <AccentBanner accent={post.image} className={featured ? 'min-h-40' : 'h-28'} />
      <div className={clsx('flex flex-col gap-3', featured ? 'p-6 sm:p-8' : 'flex-1 p-5')}>
        {featured ? <p className="text-sm font-semibold text-indigo-700">Featured</p> : null}
        <h2
          id={`post-${post.id}`}
          className={featured ? 'text-2xl font-bold tracking-tight text-slate-900' : 'text-lg font-semibold text-slate-900'}
        >
          <Link to={blogPostPath(post.id)} className="rounded hover:text-indigo-700">
            {post.title}
          </Link>
        </h2>
        <PostFacts post={post} />
        <p className={featured ? 'text-base leading-7 text-slate-700' : 'text-sm leading-6 text-slate-700'}>{post.excerpt}</p>
      </div>
    </article>
  );
}

/** The first post is featured; the others follow in pages of three. */
export function BlogList({ posts }: { posts: BlogPost[] }) {
  const [shown, setShown] = useState(blogPageSize);
  const [featured, ...rest] = posts;
  if (!featured) return <p className="text-slate-600">No articles yet.</p>;
  const visible = rest.slice(0, shown);

  return (
    <div className="flex flex-col gap-10">
      <PostCard post={featured} featured />

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>

      {visible.length < rest.length ? (
        <Button variant="secondary" size="lg" className="self-center" onClick={() => setShown((count) => count + blogPageSize)}>
          Load More Articles
        </Button>
      ) : (
        <p className="self-center text-sm text-slate-600">You have seen all {posts.length} articles.</p>
      )}
    </div>
  );
}
