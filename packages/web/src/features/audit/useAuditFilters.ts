import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../components/snackbar';
import { useAuditOptions, useTenantId } from '../../lib/auditApi';
import { EMPTY_AUDIT_FILTERS, fromFiltersDoc, readChartRouteState, type AuditFilterState } from '../../lib/audit';
import { saveAuditFilters, useStoredAuditFilters } from './api/audit';
import { drillDownSource } from './auditGridView';

export interface DrillDown {
  /** Where the filters came from ("the dashboard"). */
  source: string;
  /** Back to the user's own filters. */
  clear: () => void;
}

/**
 * The Audit screen's filters. Normally the user's own (account audit-filters): every change is
 * saved, so the screen opens with them next time. A drill-down (a dashboard chart's route
 * state, features §2.6) is temporary: its filters and the changes made on top of them are not
 * saved, and clearing it returns to the user's own filters.
 */
export function useAuditFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const tenantId = useTenantId();

  // A dashboard chart may send a date and filters along (features §2.6); read once.
  const [routeState] = useState(() => location.state as unknown);
  // The navigations this screen makes itself (dropping the route state); any other one to the
  // screen while it is open (Audit from the menu) ends a drill-down.
  const ownNavigation = useRef(false);
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (!routeState) return;
    ownNavigation.current = true;
    void navigate(location.pathname + location.search, { replace: true, state: null });
    // Only the first render's state is a chart click.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const options = useAuditOptions();
  const chart = useMemo(
    () =>
      readChartRouteState(routeState, (name) => {
        const c = options.data?.companies.find((x) => x.name.toLowerCase() === name.toLowerCase());
        return c ? c.id : undefined;
      }),
    [routeState, options.data],
  );

  const stored = useStoredAuditFilters();
  const storedFilters = useMemo(() => (stored.data ? fromFiltersDoc(stored.data) : EMPTY_AUDIT_FILTERS), [stored.data]);
  const [drilling, setDrilling] = useState(true);
  const drillActive = !!chart && drilling;
  const [local, setLocal] = useState<AuditFilterState | null>(null);
  const filters = local ?? (drillActive ? chart.filters : null) ?? storedFilters;

  const setFilters = useCallback(
    (next: AuditFilterState) => {
      setLocal(next);
      if (!drillActive) saveAuditFilters(tenantId, next).catch((err: unknown) => snackbar.error(err));
    },
    [tenantId, snackbar, drillActive],
  );

  const clear = useCallback(() => {
    setDrilling(false);
    setLocal(null);
  }, []);
  useEffect(() => {
    if (location.key === lastKey.current) return;
    lastKey.current = location.key;
    if (ownNavigation.current) ownNavigation.current = false;
    else clear();
  }, [location.key, clear]);
  const drillDown: DrillDown | null = drillActive ? { source: drillDownSource(routeState), clear } : null;

  return { chart, filters, setFilters, drillDown, options, storedPending: stored.isPending };
}
