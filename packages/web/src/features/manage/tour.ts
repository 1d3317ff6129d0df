import type { TourStep } from '../../components/guidance/GuidedTour';

/** Activate Backups' first-run tour: find discovered backups and activate them. */
export const ACTIVATE_TOUR: TourStep[] = [
  {
    target: 'main h1',
    title: 'Activate Backups',
    content: 'Backups Vigil discovered wait here until you decide to monitor them.',
    placement: 'right',
  },
  {
    target: '#manage-inactive-search',
    title: 'Backups waiting for you',
    content: 'Every job that reports in appears here first. Search by company, device, job or vendor.',
    placement: 'bottom-start',
  },
  {
    target: '[role="grid"][aria-label="Activate Backups"]',
    title: 'Select and activate',
    content:
      'Tick the backups you monitor and press Activate, or click one row to activate it with its company, schedule and tags.',
    placement: 'top',
  },
];
