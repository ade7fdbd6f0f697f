import { useParams } from 'react-router';
import { findBlogPost } from '#shared/content/blog';
import { AccentBanner } from '#web/features/content/components/accent-banner';
import { formatPostDate } from '#web/features/content/components/blog-list';
import { ContentPage, Prose } from '#web/features/content/components/content-page';
import { NotFoundRoute } from '../not-found';

export function BlogPostRoute() {
  const post = findBlogPost(useParams().postId ?? '');
  if (!post) return <NotFoundRoute />;

  return (
    <ContentPage eyebrow={post.category} title={post.title} description={post.excerpt} parent="blog">
      <p className="-mt-4 mb-8 text-sm text-slate-600">
        <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author} · {post.readTime}
      </p>
      <AccentBanner accent={post.image} className="mb-10 h-32 max-w-3xl rounded-2xl" />
      <Prose paragraphs={post.body} />
    </ContentPage>
  );
}
