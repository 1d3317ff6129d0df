import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../../../app/theme/theme';

/**
 * Features §2.5: the report window is always light, whatever theme the user chose, so what is
 * on screen matches the printout and the files. `page` also repaints the page background (the
 * popup); inside the app only the report itself turns light.
 */
export function LightTheme({ children, page = false }: { children: ReactNode; page?: boolean }) {
  const theme = useMemo(() => createAppTheme('light'), []);
  useEffect(() => {
    if (!page) return;
    const root = document.documentElement;
    const before = root.style.colorScheme;
    root.style.colorScheme = 'light';
    return () => {
      root.style.colorScheme = before;
    };
  }, [page]);
  return (
    <ThemeProvider theme={theme}>
      {page && <CssBaseline enableColorScheme />}
      {children}
    </ThemeProvider>
  );
}
