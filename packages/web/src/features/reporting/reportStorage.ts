/**
 * Where On Demand keeps its filters (features §3.5: report filters live in session storage)
 * and how a report window learns what to generate: the filters are stored under a storage key
 * in localStorage (a popup is a separate page), and the window route
 * `generate/{reportType}/{storageKey}` names that key. The key is also the run id of the job.
 */
export * from './storage/reportFilters';
export * from './storage/reportRuns';
