import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { POPUP_MAX_WIDTH, ReportType, type ReportCatalogue, type ReportFilters } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { browserStorage, type KeyValueStorage } from '../../../lib/storage';
import { useReportCatalogue } from '../api/reports';
import { ReportFiltersFields } from '../components/ReportFiltersFields';
import {
  filtersFor,
  filtersProblem,
  generatePath,
  readScreenFilters,
  reportWindowId,
  storeRun,
  writeScreenFilters,
} from '../reportStorage';

const FILTER_LABELS: Record<string, string> = {
  dateRange: 'Date range',
  companies: 'Companies',
  statuses: 'Statuses',
  vendors: 'Vendors',
  tags: 'Tags',
};
const SELECTED_KEY = 'vigil.reporting.selected';

/** Session storage (features §3.5: report filters), when the browser allows it. */
function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

type CatalogueEntry = ReportCatalogue[number]['reports'][number];

function ReportCard({ entry, selected, onSelect }: { entry: CatalogueEntry; selected: boolean; onSelect: () => void }) {
  const theme = useTheme();
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      data-report-type={entry.type}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderRadius: 2,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
        p: 2,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{entry.title}</Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>{entry.description}</Typography>
    </ButtonBase>
  );
}

/**
 * Reporting → On Demand (features §2.5, §9): the reports in their three categories; choosing
 * one shows the filters it uses, and Generate opens the report window with them.
 */
export default function OnDemandPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const catalogue = useReportCatalogue();
  const formats = useTenantFormats();
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const navigate = useNavigate();
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

  const generate = () => {
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

  const list = (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {catalogue.isPending &&
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} aria-hidden="true" />)}
      {catalogue.error && <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />}
      {catalogue.data?.map((group) => (
        <Box component="section" key={group.category} aria-label={group.category}>
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
            {group.category}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.25 }}>
            {group.reports.map((r) => (
              <ReportCard key={r.type} entry={r} selected={r.type === selected?.type} onSelect={() => select(r.type)} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );

  const panel = selected ? (
    <Paper
      ref={filtersRef}
      variant="outlined"
      component="section"
      aria-label={`${selected.title} filters`}
      sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 88 }, scrollMarginTop: 80 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        <AssessmentOutlinedIcon color="primary" sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {selected.title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{selected.description}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {selected.filters.length === 0 ? (
              <Chip size="small" label="No filters" variant="outlined" />
            ) : (
              selected.filters.map((f) => (
                <Chip key={f} size="small" variant="outlined" label={FILTER_LABELS[f] ?? f} />
              ))
            )}
          </Box>
        </Box>
      </Box>
      <ReportFiltersFields
        type={selected.type}
        filters={filters}
        onChange={setFilters}
        today={formats.today}
        formatDay={formats.day}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button color="inherit" onClick={() => setFilters(readScreenFilters(null))}>
          Reset
        </Button>
        <Button variant="contained" onClick={generate}>
          Generate
        </Button>
      </Box>
    </Paper>
  ) : catalogue.data ? (
    <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary', display: { xs: 'none', md: 'block' } }}>
      Choose a report to see its filters.
    </Paper>
  ) : null;

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
        {list}
        {panel}
      </Box>
    </Box>
  );
}
