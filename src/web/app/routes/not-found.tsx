import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(formatDocumentTitle('Page not found'));

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-7xl font-extrabold tracking-tight text-slate-900 sm:text-8xl">404</h1>
      <p className="mt-4 text-lg text-slate-600">Oops! Page not found</p>
      <Link to={paths.home} className={buttonClassName({ size: 'lg', className: 'mt-10' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Return to Home
      </Link>
    </section>
  );
}
