import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** New values of some of the address's parameters; undefined leaves a parameter as it is. */
export type FilterChanges = Record<string, string | undefined>;

/**
 * A list's filter kept in the address (`?search=report&status=paused`), so a reload, a shared link or the back button
 * from an item's page keeps it. Returns the address's parameters and a function that writes changes to some of them.
 * An empty value, or a parameter's value in `defaults` (`{ status: 'all' }`: no filter), leaves it out of the address;
 * per parameter, so a search for "all" stays a search.
 */
export function useFilterAddress(defaults: Readonly<Record<string, string>> = {}): [URLSearchParams, (changes: FilterChanges) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsKey = JSON.stringify(defaults);
  const writeChanges = useCallback(
    (changes: FilterChanges) => {
      const unset = JSON.parse(defaultsKey) as Record<string, string>;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined) continue;
            if (value === '' || unset[name] === value) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        // Each keystroke pause is not a page for the back button to step through, nor a reason to scroll.
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams, defaultsKey],
  );
  return [searchParams, writeChanges];
}
