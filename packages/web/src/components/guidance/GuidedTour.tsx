import { useState, type ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { Joyride, STATUS, type EventData, type Step } from 'react-joyride';
import type { GuidedTourId } from '@vigil/contract';
import { tourPending, useDismissTour, useGuidedTours } from '../../lib/guidedTours';

export interface TourStep {
  /** A CSS selector of the element the step points at. */
  target: string;
  title: string;
  content: ReactNode;
  placement?: Step['placement'];
}

/**
 * A first-run guided tour of one screen. It waits behind a pulsing beacon beside the screen's
 * title, so nothing covers the screen until the user opens it; finishing or skipping it is
 * remembered for the user on the server and it is not offered again.
 */
export function GuidedTour({ id, steps }: { id: GuidedTourId; steps: TourStep[] }) {
  const theme = useTheme();
  const tours = useGuidedTours();
  const dismiss = useDismissTour();
  const [done, setDone] = useState(false);
  if (done || !tourPending(tours.data, id)) return null;

  const onEvent = (data: EventData) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      setDone(true);
      dismiss.mutate(id);
    }
  };

  return (
    <Joyride
      run
      continuous
      steps={steps.map((s, i) => ({ ...s, skipBeacon: i > 0 }))}
      onEvent={onEvent}
      // The beacon sits just beside the step's element instead of over its edge (the default).
      floatingOptions={{ beaconOptions: { offset: 6 } }}
      locale={{
        back: 'Back',
        close: 'Close',
        last: 'Done',
        next: 'Next',
        skip: 'Skip tour',
        open: 'Open the guided tour',
      }}
      options={{
        buttons: ['back', 'skip', 'primary'],
        closeButtonAction: 'skip',
        showProgress: true,
        primaryColor: theme.palette.primary.main,
        backgroundColor: theme.palette.background.paper,
        arrowColor: theme.palette.background.paper,
        textColor: theme.palette.text.primary,
        overlayColor: theme.palette.mode === 'dark' ? '#000000b3' : '#0e172680',
        zIndex: theme.zIndex.modal + 1,
        targetWaitTimeout: 5000,
        // Keep the step's element below the sticky top bar when the tour scrolls to it.
        scrollOffset: 96,
        width: 360,
      }}
      styles={{
        tooltip: {
          borderRadius: 14,
          border: `1px solid ${theme.palette.divider}`,
          boxShadow: theme.shadows[8],
          fontFamily: theme.typography.fontFamily,
        },
        tooltipContainer: { textAlign: 'left' },
        tooltipTitle: { fontSize: 16, fontWeight: 650, margin: 0 },
        tooltipContent: { fontSize: 14.5, lineHeight: 1.5, padding: '10px 0 4px' },
        buttonPrimary: { borderRadius: 10, fontWeight: 600, fontSize: 14, padding: '8px 14px' },
        buttonBack: { fontWeight: 600, fontSize: 14 },
        buttonSkip: { fontSize: 14, color: theme.palette.text.secondary },
      }}
    />
  );
}
