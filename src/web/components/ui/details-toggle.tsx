import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

type DetailsToggleProps = {
  expanded: boolean;
  onToggle: () => void;
  /** The id of the details it shows, present while they are. */
  detailsId: string;
  className?: string;
  /** Which item's details, for screen readers only, since a list shows many such buttons: " of the run started …". */
  children: ReactNode;
};

/** Details / Hide details: opens a list item's details below it. */
export function DetailsToggle({ expanded, onToggle, detailsId, className, children }: DetailsToggleProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-expanded={expanded}
      aria-controls={expanded ? detailsId : undefined}
      onClick={onToggle}
    >
      <ChevronDown
        aria-hidden="true"
        className={clsx('size-4 transition-transform motion-reduce:transition-none', expanded && 'rotate-180')}
      />
      {expanded ? 'Hide details' : 'Details'}
      <span className="sr-only">{children}</span>
    </Button>
  );
}
