import { blogPosts } from '#shared/content/blog';
import { BlogList } from '#web/features/content/components/blog-list';
import { ContentPage } from '#web/features/content/components/content-page';

export function BlogRoute() {
  return (
    <ContentPage title="Blog" description="News, prompting advice and engineering notes from the team behind Promptcron.">
      <BlogList posts={blogPosts} />
    </ContentPage>
  );
}
