import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Where to go once a form is saved. Navigating happens after the saved state has rendered: the
 * leave guard then no longer holds the page. `isLeaving` turns the guard off meanwhile.
 */
export function useLeaveAfterSave() {
  const navigate = useNavigate();
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);
  return { isLeaving: leaveTo !== null, leaveTo: setLeaveTo };
}
