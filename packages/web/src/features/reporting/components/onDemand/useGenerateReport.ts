// Generate the chosen report: check its filters, store them, and open the report window (or the in-app view).
import { useNavigate } from 'react-router';
import { POPUP_MAX_WIDTH, type ReportFilters } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { browserStorage } from '../../../../lib/storage';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { filtersFor, filtersProblem, generatePath, reportWindowId, storeRun } from '../../reportStorage';
import type { CatalogueEntry } from './ReportCard';

export function useGenerateReport(selected: CatalogueEntry | null, filters: ReportFilters, small: boolean) {
  const formats = useTenantFormats();
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const navigate = useNavigate();
  return () => {
    if (!selected) return;
    const own = filtersFor(selected.type, filters);
    const problem = filtersProblem(selected.type, own, formats.today);
    if (problem) {
      snackbar.error(problem);
      return;
    }
    const storage = browserStorage();
    const key = storeRun(storage, selected.type, own, {
      keys: storage ? Object.keys(window.localStorage) : [],
    });
    const opened =
      !small &&
      manager.open(
        reportWindowId(selected.type, key),
        generatePath(selected.type, key),
        { width: POPUP_MAX_WIDTH, height: 900 },
        selected.title,
      );
    // Small screens and blocked popups get the same view inside the app.
    if (!opened) navigate(generatePath(selected.type, key, true));
  };
}
