import type { TourStep } from '../../components/guidance/GuidedTour';

/** Home's first-run tour: the inbound address, then the getting-started steps. */
export const HOME_TOUR: TourStep[] = [
  {
    target: 'main h1',
    title: 'Welcome to Vigil',
    content: 'A short tour of where to start. You can skip it at any time; it will not show again.',
    placement: 'right',
  },
  {
    target: '[data-testid="inbound-address"]',
    title: 'Your inbound address',
    content:
      'Send every backup report here. Vigil stores each e-mail the moment it arrives and reads the job result from it.',
    placement: 'bottom-start',
  },
  {
    target: '[data-tour="getting-started"]',
    title: 'Getting started',
    content:
      'Five steps take you from the first e-mail to a calm morning audit: mailboxes, activating backups, schedules, the audit and your account’s protection.',
    placement: 'top',
  },
];
