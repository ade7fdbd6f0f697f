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

type SectionNavProps = {
  /** The navigation's name for screen readers ("Main" in the header, "Mobile" in the drawer). */
  label: string;
  className?: string;
  listClassName: string;
  linkClassName: string;
};

/** The landing page's sections (Features, FAQ) as a named navigation, in the header and in the mobile drawer. */
export function SectionNav({ label, className, listClassName, linkClassName }: SectionNavProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {sectionNavItems.map((item) => (
          <li key={item.to}>
            <SectionLink to={item.to} className={linkClassName}>
              {item.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
