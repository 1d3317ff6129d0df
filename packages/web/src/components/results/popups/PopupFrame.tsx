import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AuditPopupKind, PopupBackup } from '../../../lib/auditWindows';
import { DayStatusChip } from '../StatusChip';

/** Where a popup's content lives: its own window, or a dialog over the page (small screens). */
export interface PopupHost {
  mode: 'window' | 'dialog';
  /** Closes the window or the dialog. */
  close: () => void;
  /** Shows another popup in the same place (view → edit → view). */
  go: (kind: AuditPopupKind, resultId?: number) => void;
}

/** The heading of a popup: what it does, for which backup(s) and day. */
export function PopupHeading({
  title,
  date,
  backups,
  extra,
  titleId,
}: {
  title: string;
  date?: string;
  backups: readonly PopupBackup[];
  extra?: ReactNode;
  titleId?: string;
}) {
  const one = backups.length === 1 ? backups[0] : null;
  return (
    <Box sx={{ mb: 2.5, minWidth: 0 }}>
      <Typography variant="overline" sx={{ color: 'primary.main', display: 'block', lineHeight: 1.6 }}>
        {title}
        {date ? ` · ${date}` : ''}
      </Typography>
      <Typography id={titleId} variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {one ? one.JobName : `${backups.length} backups`}
      </Typography>
      {one && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.75 }}>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, overflowWrap: 'anywhere' }}>
            {[one.DeviceName, one.CompanyName, one.VendorName].filter(Boolean).join(' · ')}
          </Typography>
          {one.Status !== undefined && <DayStatusChip status={one.Status} />}
          {extra}
        </Box>
      )}
      {!one && extra}
    </Box>
  );
}

/** Up to `limit` backups listed by name, then "+N more". */
export function BackupNames({ backups, limit = 6 }: { backups: readonly PopupBackup[]; limit?: number }) {
  const shown = backups.slice(0, limit);
  const more = backups.length - shown.length;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5, mb: 2 }} aria-label="Backups">
      {shown.map((b) => (
        <Box
          component="li"
          key={b.PolicyId}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, fontSize: 14 }}
        >
          {b.Status !== undefined && <DayStatusChip status={b.Status} />}
          <Box component="span" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {b.JobName}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {b.DeviceName} · {b.CompanyName}
          </Box>
          {b.Marked && <Chip size="small" label="Marked" variant="outlined" sx={{ height: 20 }} />}
        </Box>
      ))}
      {more > 0 && (
        <Typography component="li" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
          +{more} more
        </Typography>
      )}
    </Box>
  );
}
