import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The query string the app last wrote, ahead of the render that shows it. React Router hands an
 * update the parameters of the last render: a debounced search committing just after a click had
 * opened a payment (`?id=`) wrote the parameters from before the click and closed the payment
 * again (seen in the browser tests on a slow machine; a quick user gets the same).
 */
export class PendingSearchWrites {
  private last: { over: string; written: string } | null = null;

  /** What an update must start from, given the query string of the caller's render. */
  current(rendered: string): string {
    return this.last?.over === rendered ? this.last.written : rendered;
  }

  wrote(rendered: string, written: string): void {
    this.last = { over: rendered, written };
  }

  /** A render showing `rendered` was committed: once it is the last write, renders are current again. */
  rendered(rendered: string): void {
    if (this.last?.written === rendered) this.last = null;
  }
}

const pendingWrites = new PendingSearchWrites();

/** Changes the query string with an update that sees every earlier change (PendingSearchWrites). */
export function useSearchParamsWriter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = searchParams.toString();
  // After the commit, not during the render: a render may yield before it is committed (React
  // Router navigates in a transition), and a timer firing meanwhile still holds older callbacks.
  useEffect(() => pendingWrites.rendered(rendered), [rendered]);
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = update(new URLSearchParams(pendingWrites.current(rendered)));
      pendingWrites.wrote(rendered, next.toString());
      setSearchParams(next, options);
    },
    [rendered, setSearchParams],
  );
}

/**
 * A list's filters kept in the query string, so a shared link shows the same list. Changes
 * replace the history entry instead of piling one up per keystroke. `read` and `write` are the
 * list's codec; `write` receives the current parameters to keep the ones it does not own.
 */
export function useQueryStringFilters<Filters>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters, current: URLSearchParams) => URLSearchParams,
) {
  const [searchParams] = useSearchParams();
  const writeSearchParams = useSearchParamsWriter();
  const filters = useMemo(() => read(searchParams), [read, searchParams]);
  const updateFilters = useCallback(
    (change: Partial<Filters>) => {
      writeSearchParams((current) => write({ ...read(current), ...change }, current), { replace: true });
    },
    [read, write, writeSearchParams],
  );
  return { filters, updateFilters };
}
