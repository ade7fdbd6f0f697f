import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { inputClassName } from './input';

/** Long enough that typing a word sends one request, short enough that the list still feels live. */
export const searchDebounceMs = 300;

type SearchBoxProps = {
  /** The search the page currently shows (from the address, say). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  /** The id of text that says how the search matches, read with the field. */
  describedBy?: string;
  className?: string;
};

/** A search field for lists the server filters: the text goes out only once typing pauses. */
export function SearchBox({ value, onSearch, label, placeholder, describedBy, className }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  // The search last seen from the parent, and the text last sent up to it.
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);

  // A search that changed from outside (the back button, "Clear filters") replaces the draft. Our own text coming back
  // does not: the user may have typed on meanwhile.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value);
    }
  }

  const send = useCallback(
    (text: string) => {
      setSent(text);
      onSearch(text);
    },
    [onSearch],
  );

  useEffect(() => {
    if (draft === sent) return;
    const timer = window.setTimeout(() => send(draft), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [draft, sent, send]);

  return (
    <form
      role="search"
      className={clsx('relative w-full', className)}
      onSubmit={(event) => {
        // Enter searches at once instead of waiting for the pause.
        event.preventDefault();
        if (draft !== sent) send(draft);
      }}
    >
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-describedby={describedBy}
        className={clsx(inputClassName, 'pl-9')}
      />
    </form>
  );
}
