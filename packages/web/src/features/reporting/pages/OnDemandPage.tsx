import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ReportType, type ReportFilters } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { useReportCatalogue } from '../api/reports';
import { ReportCatalogueList } from '../components/onDemand/ReportCatalogueList';
import { ReportFiltersPanel } from '../components/onDemand/ReportFiltersPanel';
import { SELECTED_KEY, sessionStore } from '../components/onDemand/onDemandSession';
import { useGenerateReport } from '../components/onDemand/useGenerateReport';
import { readScreenFilters, writeScreenFilters } from '../reportStorage';

/**
 * Reporting → On Demand (features §2.5, §9): the reports in their three categories; choosing
 * one shows the filters it uses, and Generate opens the report window with them.
 */
export default function OnDemandPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const catalogue = useReportCatalogue();
  const [params, setParams] = useSearchParams();
  const filtersRef = useRef<HTMLDivElement>(null);

  const [filters, setFiltersState] = useState<ReportFilters>(() => readScreenFilters(sessionStore()));
  const setFilters = (next: ReportFilters) => {
    setFiltersState(next);
    writeScreenFilters(sessionStore(), next);
  };

  const fromUrl = ReportType.safeParse(params.get('report'));
  const fromSession = ReportType.safeParse(sessionStore()?.getItem(SELECTED_KEY));
  const all = (catalogue.data ?? []).flatMap((c) => c.reports);
  const wanted = fromUrl.success ? fromUrl.data : fromSession.success ? fromSession.data : null;
  const selected = all.find((r) => r.type === wanted) ?? (small ? null : (all[0] ?? null));

  useEffect(() => {
    if (selected) sessionStore()?.setItem(SELECTED_KEY, selected.type);
  }, [selected]);

  const select = (type: ReportType) => {
    setParams({ report: type }, { replace: true });
    // On a phone the filters sit under the list: bring them into view.
    if (small) window.setTimeout(() => filtersRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
  };

  const generate = useGenerateReport(selected, filters, small);

  return (
    <Box>
      <PageHeader
        eyebrow="Reporting"
        title="On Demand"
        subtitle="Choose a report, set its filters and generate it. The report opens in its own window, ready to print or download as PDF, Excel or CSV."
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        <ReportCatalogueList catalogue={catalogue} selected={selected?.type} onSelect={select} />
        <ReportFiltersPanel
          selected={selected}
          hasCatalogue={!!catalogue.data}
          filters={filters}
          setFilters={setFilters}
          onGenerate={generate}
          filtersRef={filtersRef}
        />
      </Box>
    </Box>
  );
}
