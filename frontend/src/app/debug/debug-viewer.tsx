import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The panel (a drawer, its lists) loads on the first opening: nobody but a developer or support ever opens it.
const DebugPanel = lazy(() => import('./debug-panel').then((m) => ({ default: m.DebugPanel })));

const withCtrlOrCmd = (event: KeyboardEvent) => event.ctrlKey || event.metaKey;
/** Ctrl or Cmd + ` (the key left of 1, whatever the layout prints on it). */
export const opensDebugViewer = (event: KeyboardEvent) =>
  withCtrlOrCmd(event) && (event.code === 'Backquote' || event.key === '`');
/** Ctrl or Cmd + 1. */
export const closesDebugViewer = (event: KeyboardEvent) =>
  withCtrlOrCmd(event) && (event.code === 'Digit1' || event.key === '1');

/** The debug viewer of the signed-in shell (spec 1 §2.2): Ctrl or Cmd + ` opens it, Ctrl or Cmd + 1 closes it. */
export function DebugViewer() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const isOpen = useRef(false);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (opensDebugViewer(event)) {
        event.preventDefault();
        setLoaded(true);
        setOpen(true);
      } else if (closesDebugViewer(event) && isOpen.current) {
        // only while open: Ctrl+1 is otherwise the browser's
        event.preventDefault();
        setOpen(false);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
