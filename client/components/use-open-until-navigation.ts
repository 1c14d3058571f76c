import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for menus and drawers, which close on every route change. It remembers the location it
 * was opened at, so a new location closes it by definition: no effect to keep in step.
 */
export function useOpenUntilNavigation(): [open: boolean, setOpen: (open: boolean) => void] {
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((next: boolean) => setOpenAt(next ? key : null), [key]);
  return [openAt === key, setOpen];
}
