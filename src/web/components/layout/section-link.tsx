import { Link, type LinkProps } from 'react-router';
import { scrollSmoothlyOnNavigation } from '../../lib/smooth-scroll';

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
