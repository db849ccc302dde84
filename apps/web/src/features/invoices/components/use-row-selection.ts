import { useCallback, useState } from 'react';

/** Selected row ids; `scope` (tab + filters) changing starts a fresh selection. */
export function useRowSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: new Set() });
  const selected = state.scope === scope ? state.ids : new Set<string>();

  const toggle = useCallback(
    (id: string) =>
      setState((current) => {
        const ids = new Set(current.scope === scope ? current.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { scope, ids };
      }),
    [scope],
  );
  const toggleAll = useCallback(
    (ids: string[], isSelected: boolean) => setState({ scope, ids: new Set(isSelected ? ids : []) }),
    [scope],
  );
  const clear = useCallback(() => setState({ scope, ids: new Set() }), [scope]);
  return { selected, toggle, toggleAll, clear };
}
