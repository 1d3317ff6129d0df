import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Wall-screen mode: the dashboard alone over the whole screen (browser fullscreen when allowed),
 * the app's chrome hidden. Esc, or leaving fullscreen, ends it.
 */
export function WallMode({
  title,
  refreshSeconds,
  onExit,
  children,
}: {
  title: string;
  refreshSeconds: number;
  onExit: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  }, [onExit]);

  useEffect(() => {
    const el = ref.current;
    let wentFullscreen = false;
    // Fullscreen needs the click that opened wall mode; where it is refused the overlay still covers the page.
    el?.requestFullscreen?.()
      .then(() => {
        wentFullscreen = true;
      })
      .catch(() => undefined);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') exitRef.current();
    };
    const onFullscreen = () => {
      if (wentFullscreen && !document.fullscreenElement) exitRef.current();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    };
  }, []);

  return (
    <Box
      ref={ref}
      role="dialog"
      aria-label={`${title} on the wall screen`}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (t) => t.zIndex.modal + 1,
        bgcolor: 'background.default',
        overflow: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Refreshes every {refreshSeconds} s · Esc to exit
        </Typography>
      </Box>
      {children}
    </Box>
  );
}
