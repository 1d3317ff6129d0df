import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { AuditBackupRow } from '@vigil/contract';
import { DRAWER_WIDTH } from '../../../components/results/constants';
import { useDayResults } from '../../../lib/auditApi';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { HistoryBar, HistoryLegend } from './HistoryBar';
import { ResultsList } from '../../../components/results/ResultsList';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { TagList } from './TagList';
import { BackupNowButton } from './side-menu/BackupNowButton';
import { SideMenuBody } from './side-menu/SideMenuBody';
import { useDrawerSideMenu } from './side-menu/useDrawerSideMenu';
import { useSnackbar } from '../../../components/snackbar';
import { daysText, historyTally } from '../../../lib/audit';
import { useStatusRule } from '../api/drawer';
import { dayResultsText, dayStatusReason } from '../auditGridView';
import type { MarkKind } from '../../../lib/auditWindows';
import type { IsoDay } from '../../../lib/days';

/** Days of history the drawer shows (features §4.8: the last 30 days). */
export const DRAWER_HISTORY_DAYS = 30;

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13, py: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
        {empty ? '-' : children}
      </Typography>
    </>
  );
}

export interface BackupDrawerActions {
  mark: (kind: MarkKind, row: AuditBackupRow) => void;
  addResult: (row: AuditBackupRow) => void;
  viewResult: (row: AuditBackupRow, resultId: number, resultIds: number[]) => void;
  /** Opens another backup in the drawer (a device the appliance protects). */
  openBackup?: (backupId: number) => void;
}

/**
 * The backup side drawer (features §4.8), 420 wide: the backup, its status, its last 30 days
 * and the selected day's results. It opens with a backup id and closes on null, or when the
 * day's results cannot be loaded. Empty values read "-".
 */
export function BackupDrawer({
  backupId,
  row,
  date,
  onClose,
  onSelectDate,
  actions,
  canEdit,
}: {
  backupId: number | null;
  row: AuditBackupRow | undefined;
  date: IsoDay;
  onClose: () => void;
  onSelectDate: (day: IsoDay) => void;
  actions: BackupDrawerActions;
  canEdit: boolean;
}) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const open = backupId !== null && !!row;
  const results = useDayResults(open ? backupId : null, date);

  // Features §4.8: a failed load closes the drawer.
  useEffect(() => {
    if (open && results.isError) {
      snackbar.error(results.error);
      onClose();
    }
  }, [open, results.isError, results.error, snackbar, onClose]);

  const side = useDrawerSideMenu(backupId, open, onClose);
  const rule = useStatusRule(open ? backupId : null);
  const history = row ? row.History.slice(-DRAWER_HISTORY_DAYS) : [];
  // The selected day's status, and the rule that made it from the day's results.
  const day = row?.History.find((h) => h.Date === date);
  const reason = day ? dayStatusReason(day, rule.data?.calc, rule.data?.treatWarningAsSuccess) : null;
  const counts = day ? dayResultsText(day) : null;
  const legend = historyTally(history).map((t) => t.status);
  const marks = row
    ? [row.Verified && 'Verified', row.Remediated && 'Remediated', row.Restored && 'Restored'].filter(Boolean)
    : [];

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: DRAWER_WIDTH }, maxWidth: '100%' },
          'aria-labelledby': 'backup-drawer-title',
        } as object,
      }}
    >
      {row && (
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="backup-drawer">
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="overline" sx={{ color: 'primary.main', lineHeight: 1.6, display: 'block' }}>
                Backup #{row.PolicyId}
              </Typography>
              <Typography
                id="backup-drawer-title"
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              >
                {side.nameClickable ? (
                  <Link
                    component="button"
                    type="button"
                    onClick={() => side.setView('device')}
                    sx={{ font: 'inherit', textAlign: 'left', overflowWrap: 'anywhere' }}
                  >
                    {row.JobName || '-'}
                  </Link>
                ) : (
                  row.JobName || '-'
                )}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5, mt: 0.25, overflowWrap: 'anywhere' }}>
                {row.CompanyName}
              </Typography>
            </Box>
            <IconButton aria-label="Close details" onClick={onClose} sx={{ mt: 0.5, mr: -1 }}>
              <CloseRoundedIcon />
            </IconButton>
          </Box>
          <Divider />
          {side.data && side.view !== 'backup' ? (
            <Box sx={{ px: 2.5, py: 2, flex: 1, overflowY: 'auto' }}>
              <SideMenuBody
                side={side.data}
                view={side.view}
                backupId={row.PolicyId}
                onView={side.setView}
                onOpenBackup={(id) => actions.openBackup?.(id)}
              />
            </Box>
          ) : (
            <Box sx={{ px: 2.5, py: 2, display: 'grid', gap: 2.5, flex: 1, overflowY: 'auto' }}>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2 }}
              >
                <Field label="Company">{row.CompanyName}</Field>
                <Field label="Vendor">{row.VendorName}</Field>
                <Field label="Device">{row.DeviceName}</Field>
                <Field label="Client id">{row.ClientId}</Field>
                <Field label="Schedule">{row.ScheduleName}</Field>
                <Field label="Type">
                  {row.BackupType === 'Alert' ? 'System Alert' : 'Backup Result'} ·{' '}
                  {row.Method === 'Api' ? 'API' : 'E-mail'}
                </Field>
                <Field label="Status">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <DayStatusChip status={row.CurrentStatus} />
                    <span>for {daysText(row.DaysInStatus)}</span>
                  </Box>
                </Field>
                <Field label={`On ${f.day(date)}`}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
                    <DayStatusChip status={row.Status} />
                    {marks.map((m) => (
                      <Chip key={String(m)} size="small" variant="outlined" label={m} sx={{ height: 22 }} />
                    ))}
                  </Box>
                  {reason && (
                    <Typography data-testid="day-status-reason" sx={{ fontSize: 13, color: 'text.secondary', mt: 0.5 }}>
                      {reason}
                      {counts ? ` · ${counts}` : ''}
                    </Typography>
                  )}
                </Field>
                <Field label="Last success">{row.LastSuccess ? f.dateTime(row.LastSuccess) : 'Never'}</Field>
                <Field label="Days without success">
                  {row.DaysWithoutSuccess === null ? '' : String(row.DaysWithoutSuccess)}
                </Field>
                <Field label="Tags">{row.Tags.length ? <TagList tags={row.Tags} limit={6} wrap /> : ''}</Field>
              </Box>

              <Box component="section" aria-labelledby="drawer-history">
                <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
                  <Typography id="drawer-history" variant="subtitle2" component="h3">
                    Last {history.length} days
                  </Typography>
                  <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                    {history.length ? `${f.day(history[0].Date)} – ${f.day(history[history.length - 1].Date)}` : ''}
                  </Typography>
                </Box>
                <HistoryBar history={history} selectedDate={date} onSelectDate={onSelectDate} height={24} focusable />
                <Box sx={{ mt: 1 }}>
                  <HistoryLegend statuses={legend} />
                </Box>
              </Box>

              <Box component="section" aria-labelledby="drawer-results">
                <Typography id="drawer-results" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  Results on {f.day(date)}
                </Typography>
                {results.isPending ? (
                  <Box sx={{ display: 'grid', gap: 1 }}>
                    <Skeleton variant="rounded" height={64} />
                    <Skeleton variant="rounded" height={64} />
                  </Box>
                ) : (
                  <ResultsList
                    results={results.data ?? []}
                    onOpen={(r) =>
                      actions.viewResult(
                        row,
                        r.ResultID,
                        (results.data ?? []).map((x) => x.ResultID),
                      )
                    }
                    emptyText={
                      row.Status === 0 ? 'Not scheduled and no results on this day.' : 'No results on this day.'
                    }
                  />
                )}
              </Box>
            </Box>
          )}
          {side.canRunBackup && !canEdit && (
            <>
              <Divider />
              <Box sx={{ px: 2.5, py: 1.5 }}>
                <BackupNowButton backupId={row.PolicyId} />
              </Box>
            </>
          )}
          {canEdit && (
            <>
              <Divider />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 2.5, py: 1.5 }}>
                <Button variant="contained" size="small" onClick={() => actions.mark('verify', row)}>
                  Verify
                </Button>
                <Button variant="outlined" size="small" onClick={() => actions.mark('remediate', row)}>
                  Remediate
                </Button>
                <Button variant="outlined" size="small" onClick={() => actions.mark('restore', row)}>
                  Restore
                </Button>
                <Button size="small" onClick={() => actions.addResult(row)}>
                  Add result
                </Button>
                {side.canRunBackup && <BackupNowButton backupId={row.PolicyId} />}
              </Box>
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
}
