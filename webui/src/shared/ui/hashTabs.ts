import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A tab chosen by the URL hash (`#news`): the hash's value when it names one of `values`, else
 * `fallback`. Selecting a tab replaces the hash (no new history entry per tab switch).
 */
export function useHashTab<T extends string>(values: readonly T[], fallback: T): [T, (value: string | null) => void] {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const fromHash = decodeURIComponent(hash.replace(/^#/, ''));
  const active = (values as readonly string[]).includes(fromHash) ? (fromHash as T) : fallback;
  const select = useCallback(
    (value: string | null) => {
      if (!value || !(values as readonly string[]).includes(value)) return;
      void navigate({ pathname, search, hash: `#${value}` }, { replace: true, preventScrollReset: true });
    },
    [navigate, pathname, search, values],
  );
  return [active, select];
}
