import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useSnackbar } from '../../components/snackbar';
import { UsageMeter } from '../../components/billing/UsageMeter';
import { DataGrid, gridColumnHelper } from '../../components/grid';
import { MessageBanner } from '../../components/messages/MessageBanner';
import { DayStatusChip } from '../../components/results/StatusChip';
import { HistoryBar, HistoryLegend } from '../../features/audit/components/HistoryBar';
import { STATUS_ORDER } from '../../lib/audit';
import { GalleryForms } from './GalleryForms';
import { GallerySection } from './GallerySection';
import { GalleryThemeSwitch } from './GalleryThemeSwitch';
import { SAMPLE_BACKUPS, SAMPLE_USAGE, sampleHistory, type SampleBackup } from './gallerySamples';

const col = gridColumnHelper<SampleBackup>();
const columns = [
  col.accessor('company', { id: 'company', meta: { tile: 'subtitle' }, header: 'Company', size: 190, sortFn: 'text' }),
  col.accessor('device', { id: 'device', header: 'Device', size: 160, sortFn: 'text', meta: { tile: 'title' } }),
  col.accessor('job', { id: 'job', meta: { tile: 'field' }, header: 'Job', size: 170, sortFn: 'text' }),
  col.accessor('vendor', { id: 'vendor', meta: { tile: 'field' }, header: 'Vendor', size: 120, sortFn: 'text' }),
  col.accessor('status', {
    id: 'status',
    meta: { tile: 'field' },
    header: 'Status',
    size: 140,
    sortFn: 'basic',
    cell: (c) => <DayStatusChip status={c.getValue()} />,
  }),
];

/**
 * `/app/components` (platform §2 developer page): the app's own components, rendered from the
 * real ones with sample data, in the light or dark theme chosen at the top.
 */
export default function ComponentsPage() {
  const snackbar = useSnackbar();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const history = sampleHistory();
  const [day, setDay] = useState(history[history.length - 2].Date);
  return (
    <>
      <PageHeader
        eyebrow="Developer"
        title="Components"
        subtitle="The building blocks of every screen, live. Switch the theme to see both."
        actions={<GalleryThemeSwitch />}
      />

      <GallerySection id="gallery-buttons" title="Buttons" subtitle="Primary, secondary, quiet, destructive and busy.">
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<AddRoundedIcon />}>
            Add backup
          </Button>
          <Button variant="outlined" startIcon={<RefreshRoundedIcon />}>
            Refresh
          </Button>
          <Button>Cancel</Button>
          <Button variant="outlined" color="error">
            Delete
          </Button>
          <Button variant="contained" loading loadingPosition="start" startIcon={<SaveRoundedIcon />}>
            Saving
          </Button>
          <Button variant="contained" disabled>
            Disabled
          </Button>
        </Stack>
      </GallerySection>

      <GallerySection
        id="gallery-status"
        title="Status chips"
        subtitle="Day and result statuses, coloured from the theme."
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {STATUS_ORDER.map((s) => (
            <DayStatusChip key={s} status={s} />
          ))}
        </Stack>
      </GallerySection>

      <GallerySection id="gallery-history" title="History bar" subtitle="Thirty days of one backup; pick a day.">
        <Box sx={{ maxWidth: 560 }}>
          <HistoryBar
            history={history}
            selectedDate={day}
            onSelectDate={setDay}
            height={22}
            focusable
            label="History"
          />
          <Box sx={{ mt: 1.5 }}>
            <HistoryLegend statuses={STATUS_ORDER} />
          </Box>
        </Box>
      </GallerySection>

      <GallerySection id="gallery-grid" title="Grid" subtitle="Sorting, column menu, selection and the phone tiles.">
        <DataGrid
          id="gallery-grid"
          label="Sample backups"
          columns={columns}
          data={SAMPLE_BACKUPS}
          getRowId={(r) => String(r.id)}
          manualSorting={false}
          enableRowSelection
          total={SAMPLE_BACKUPS.length}
          noun="backups"
          height={300}
        />
      </GallerySection>

      <GallerySection id="gallery-forms" title="Forms" subtitle="Inputs, pickers and the all / specific filter.">
        <GalleryForms />
      </GallerySection>

      <GallerySection
        id="gallery-feedback"
        title="Dialogs and messages"
        subtitle="Confirmations, snackbars, banners, usage."
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2.5 }}>
          <Button
            variant="outlined"
            onClick={() =>
              setConfirm({
                title: 'Delete backup',
                subject: 'srv-dc-01 · Nightly image',
                action: async () => undefined,
              })
            }
          >
            Open confirmation
          </Button>
          <Button variant="outlined" onClick={() => snackbar.success('Successfully updated')}>
            Success snackbar
          </Button>
          <Button variant="outlined" onClick={() => snackbar.error('Something went Wrong')}>
            Error snackbar
          </Button>
        </Stack>
        <Stack spacing={1.5} sx={{ mb: 2.5 }}>
          <MessageBanner message={{ Severity: 1, Text: 'Scheduled maintenance on **Sunday 02:00 UTC**.' }} />
          <MessageBanner message={{ Severity: 2, Text: 'Your trial ends in 3 days.' }} />
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
          {SAMPLE_USAGE.map((u) => (
            <UsageMeter key={u.Key} line={u} />
          ))}
        </Box>
      </GallerySection>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
