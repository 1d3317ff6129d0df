import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { resolveErrorMessage } from '../lib/errors';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

interface Item {
  key: number;
  message: string;
  severity: SnackbarSeverity;
}

export interface SnackbarApi {
  show(message: string, severity?: SnackbarSeverity): void;
  success(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  /** Takes a message or any error; errors are turned into text by the platform §8 rules. */
  error(error: unknown): void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Dismissible snackbars of type success, info, warning or error, shown one after another. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Item[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  // Mirrors the queue so `show` can decide synchronously (state updaters run later).
  const pending = useRef<Item[]>([]);
  const show = useCallback((message: string, severity: SnackbarSeverity = 'info') => {
    const q = pending.current;
    // Do not stack the same message twice in a row (e.g. several calls failing together).
    const last = q[q.length - 1];
    if (last && last.message === message && last.severity === severity) return;
    pending.current = [...q, { key: Date.now() + Math.random(), message, severity }];
    setQueue(pending.current);
    // A newer message does not wait for the older one to time out: the older one closes now
    // and the next shows as soon as it has gone.
    setOpen(q.length === 0);
  }, []);

  const api = useMemo<SnackbarApi>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      info: (m) => show(m, 'info'),
      warning: (m) => show(m, 'warning'),
      error: (e) => show(resolveErrorMessage(e), 'error'),
    }),
    [show],
  );

  const close = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={open}
          autoHideDuration={current.severity === 'error' ? 8000 : 5000}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{
            transition: {
              onExited: () => {
                pending.current = pending.current.slice(1);
                setQueue(pending.current);
                setOpen(true);
              },
            },
          }}
        >
          <Alert
            onClose={() => close()}
            severity={current.severity}
            variant="filled"
            sx={{ minWidth: 280, maxWidth: 560, alignItems: 'center', boxShadow: 6 }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return ctx;
}
