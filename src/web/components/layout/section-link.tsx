import type { ComponentType, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { scrollSmoothlyOnNavigation } from '../../lib/smooth-scroll';
import { sectionNavItems } from './nav-items';

/** A link to a section of the landing page (`/#features`): from any page it navigates there and glides to the section. */
export function SectionLink({ onClick, ...props }: LinkProps) {
  return (
    <Link
      {...props}
      onClick={(event) => {
        onClick?.(event);
        scrollSmoothlyOnNavigation(event);
      }}
    />
  );
}

/** What renders a menu's links: router links in the app, plain anchors on the pre-rendered landing page (no router there). */
export type MenuLink = ComponentType<{ to: string; className: string; children: ReactNode }>;

type SectionNavProps = {
  /** The navigation's name for screen readers ("Main" in the header, "Mobile" in the drawer). */
  label: string;
  className?: string;
  listClassName: string;
  linkClassName: string;
  LinkComponent?: MenuLink;
};

/** The landing page's sections (Features, FAQ) as a named navigation, in the header and in the mobile drawer. */
export function SectionNav({ label, className, listClassName, linkClassName, LinkComponent = SectionLink }: SectionNavProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {sectionNavItems.map((item) => (
          <li key={item.to}>
            <LinkComponent to={item.to} className={linkClassName}>
              {item.label}
            </LinkComponent>
          </li>
        ))}
      </ul>
    </nav>
  );
}
