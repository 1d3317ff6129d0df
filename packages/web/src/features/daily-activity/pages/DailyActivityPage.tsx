import { useCallback, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DailyActivityRow } from '@vigil/contract';
import { useAuditTableUpdates } from '../../../lib/auditApi';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { AuditPopupProvider, useAuditPopup } from '../../../components/results/popups/AuditPopupProvider';
import { usePermissions } from '../../../lib/permissions';
import { EMPTY_DAILY_FILTERS, type DailyFilters } from '../api/dailyActivity';
import { activeFilterCount } from '../components/DailyFiltersFields';
import { DayDetailsDrawer } from '../components/DayDetailsDrawer';
import { DailyHeader } from '../components/screen/DailyHeader';
import { DailyResultsGrid } from '../components/screen/DailyResultsGrid';
import { DayAndFilters } from '../components/screen/DayAndFilters';
import { useDailyDay } from '../components/screen/useDailyDay';
import { useDailyColumns } from '../components/screen/useDailyColumns';
import { useDailyResults } from '../components/screen/useDailyResults';

function DailyActivityScreen() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const f = useTenantFormats();
  const openPopup = useAuditPopup();
  const canView = usePermissions(['audit.getAudit']);
  useAuditTableUpdates();

  const { date, range, setDate, shownRange } = useDailyDay(f);

  const [filters, setFilters] = useState<DailyFilters>(EMPTY_DAILY_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(!small);
  const results = useDailyResults(filters, date);
  const { list } = results;
  const [detail, setDetail] = useState<DailyActivityRow | null>(null);
  const closeDetail = useCallback(() => setDetail(null), [setDetail]);

  const { openResult, openFromLog, columns } = useDailyColumns(f, date, canView, openPopup);

  const activeCount = activeFilterCount(filters);

  return (
    <>
      <DailyHeader small={small} list={list} />
      <DayAndFilters
        f={f}
        date={date}
        range={range}
        shownRange={shownRange}
        setDate={setDate}
        filters={filters}
        setFilters={setFilters}
        filtersOpen={filtersOpen}
        setFiltersOpen={setFiltersOpen}
        canView={canView}
      />

      <DailyResultsGrid
        f={f}
        date={date}
        results={results}
        columns={columns}
        activeCount={activeCount}
        canView={canView}
        small={small}
        onDetail={setDetail}
        onOpenResult={(r) => openResult(r)}
      />
      <DayDetailsDrawer row={detail} date={date} onClose={closeDetail} onOpenResult={openFromLog} />
    </>
  );
}

/** `/app/daily-activity`: every result of one day (tenant admins and standard users). */
export default function DailyActivityPage() {
  return (
    <AuditPopupProvider>
      <DailyActivityScreen />
    </AuditPopupProvider>
  );
}
