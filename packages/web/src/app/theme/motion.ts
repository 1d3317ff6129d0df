// The system's "reduce motion" setting (prefers-reduced-motion): when a user has asked for less
// movement, the app drops its transitions, ripples and animations and changes state at once.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ThemeOptions } from '@mui/material/styles';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion, following the setting while the app is open. */
export function useReducedMotion(): boolean {
  return useMediaQuery(QUERY, { noSsr: true });
}

/**
 * Theme options for reduced motion: MUI's transitions take no time (dialogs, drawers, menus and
 * collapses open and close at once) and buttons show no ripple.
 */
export const reducedMotionOptions: ThemeOptions = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/**
 * CSS for what the theme does not reach (the dashboard grid's moves, charts, skeletons, spinners):
 * animations and transitions finish at once. A tiny duration rather than none, so that code
 * waiting for a transition's end event still gets it.
 */
export const reducedMotionCss = {
  [`@media ${QUERY}`]: {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
};
