import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productName, tagline } from '#shared/product';
import { paths } from '../../config/paths';
import { Logo } from './logo';
import { SectionLink } from './section-link';

type FooterLink = { label: string; to: string; section?: boolean };

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: paths.features, section: true },
      { label: 'FAQ', to: paths.faq, section: true },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: paths.docs },
      { label: 'Integrations', to: paths.integrations },
      { label: 'Blog', to: paths.blog },
      { label: 'Guides', to: paths.guides },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Contact', to: paths.contact },
      { label: 'Privacy', to: paths.privacy },
      { label: 'Terms', to: paths.terms },
    ],
  },
];

const linkClassName = 'rounded text-sm text-slate-600 transition-colors hover:text-indigo-700';

type PublicFooterProps = {
  /** The live system status; passed in because it comes from a feature and layout components do not import features. */
  status: ReactNode;
  /** Links to the social profiles configured for this deployment. */
  social: ReactNode;
  /** Whether this deployment shows its public status page (PUBLIC_STATUS_PAGE); on unless said otherwise. */
  statusPage?: boolean;
};

const statusLink: FooterLink = { label: 'Status', to: paths.status };

export function PublicFooter({ status, social, statusPage = true }: PublicFooterProps) {
  const year = new Date().getFullYear();
  const shown = columns.map((column) =>
    column.title === 'Resources' && statusPage ? { ...column, links: [...column.links, statusLink] } : column,
  );

  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-5">
          <div className="flex flex-col gap-4 md:col-span-2">
            <Logo />
            <p className="max-w-xs text-sm leading-6 text-slate-600">{tagline}</p>
            {social}
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
            {shown.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      {link.section ? (
                        <SectionLink to={link.to} className={linkClassName}>
                          {link.label}
                        </SectionLink>
                      ) : (
                        <Link to={link.to} className={linkClassName}>
                          {link.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col-reverse gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            © {year} {productName}. All rights reserved.
          </p>
          {status}
        </div>
      </div>
    </footer>
  );
}
