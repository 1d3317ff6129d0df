import type { TourStep } from '../../components/guidance/GuidedTour';

/** Audit's first-run tour: the day, its status counts and the filters. */
export const AUDIT_TOUR: TourStep[] = [
  {
    target: 'main h1',
    title: 'The morning audit',
    content: 'Every active backup and how its day went, one row each, with thirty days of history.',
    placement: 'right',
  },
  {
    target: '#audit-date',
    title: 'Pick the day to audit',
    content:
      'The audit opens on today. Step back a day, pick a date or a preset; results are shown in your tenant’s time zone.',
    placement: 'bottom',
  },
  {
    target: 'section[aria-label="Status of the day"]',
    title: 'The day at a glance',
    content: 'Each count is a status of the day. Click one to see only those backups, click it again to see them all.',
    placement: 'bottom',
  },
  {
    target: 'section[aria-label="Filters"]',
    title: 'Filter and save',
    content: 'Narrow the list by company, vendor, tag or schedule, and save the filters you use every morning.',
    placement: 'top',
  },
];
