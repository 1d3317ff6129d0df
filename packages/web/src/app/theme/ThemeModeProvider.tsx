import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { appBroadcast } from '../../lib/broadcast';
import { StorageKeys, browserStorage } from '../../lib/storage';
import { reducedMotionCss, useReducedMotion } from './motion';
import { createAppTheme, type ThemeMode } from './theme';

interface ThemeModeValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function readMode(): ThemeMode {
  try {
    return browserStorage()?.getItem(StorageKeys.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * Light (default) or dark, kept in localStorage and mirrored to other tabs (platform §4); without
 * transitions and ripples when the system asks for reduced motion.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readMode);

  useEffect(() => {
    const bus = appBroadcast();
    const offBus = bus.subscribe('theme', ({ mode: next }) => setModeState(next === 'dark' ? 'dark' : 'light'));
    // Tabs that missed a broadcast (opened later, or the storage fallback) follow the stored value.
    const onStorage = (e: StorageEvent) => {
      if (e.key === StorageKeys.theme) setModeState(readMode());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offBus();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', mode === 'dark' ? '#0b111b' : '#0e1726');
  }, [mode]);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    browserStorage()?.setItem(StorageKeys.theme, next);
    appBroadcast().post('theme', { mode: next });
  }, []);

  const value = useMemo<ThemeModeValue>(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => createAppTheme(mode, { reducedMotion }), [mode, reducedMotion]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={reducedMotionCss} />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const ctx = useContext(ThemeModeContext);
  if (!ctx) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return ctx;
}
