import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import KeyboardArrowUpRoundedIcon from '@mui/icons-material/KeyboardArrowUpRounded';

/** Features §2.1: appears once the page is scrolled beyond 100 px. */
export function ScrollTopButton() {
  const shown = useScrollTrigger({ disableHysteresis: true, threshold: 100 });
  return (
    <Zoom in={shown}>
      <Fab
        size="small"
        color="primary"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 72, zIndex: (t) => t.zIndex.speedDial }}
      >
        <KeyboardArrowUpRoundedIcon />
      </Fab>
    </Zoom>
  );
}
