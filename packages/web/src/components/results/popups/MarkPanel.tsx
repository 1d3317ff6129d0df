import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditAction } from '@vigil/contract';
import { MARK_LABELS, type AuditPopupData, type MarkKind } from '../../../lib/auditWindows';
import { usePermissions } from '../../../lib/permissions';
import { QueryError } from '../../QueryError';
import { useSnackbar } from '../../snackbar';
import { useMark, useMarks, useUnmark } from '../../../lib/auditApi';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { BackupNames, PopupHeading, type PopupHost } from './PopupFrame';

const NOTES_MAX = 4000;

function MarkRow({
  mark,
  canEdit,
  date,
  onRemoved,
}: {
  mark: AuditAction;
  canEdit: boolean;
  date: string;
  onRemoved: () => void;
}) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const unmark = useUnmark(mark.Kind);
  const [confirming, setConfirming] = useState(false);
  const label = MARK_LABELS[mark.Kind];
  return (
    <Box
      component="li"
      data-testid={`mark-${mark.Kind}`}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1.25, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14 }}>
          {label.done} by {mark.UserName ?? 'a former user'}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{f.dateTime(mark.CreatedAt)}</Typography>
        {mark.Notes && (
          <Typography sx={{ fontSize: 13.5, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {mark.Notes}
          </Typography>
        )}
      </Box>
      {canEdit &&
        (confirming ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
            <Button size="small" onClick={() => setConfirming(false)} disabled={unmark.isPending}>
              Keep
            </Button>
            <Button
              size="small"
              color="error"
              variant="contained"
              loading={unmark.isPending}
              onClick={() =>
                unmark.mutate(
                  { PolicyIds: [mark.PolicyId], Date: date },
                  {
                    onSuccess: () => {
                      snackbar.success(`${label.done} mark removed`);
                      onRemoved();
                    },
                    onError: (err) => snackbar.error(err),
                  },
                )
              }
            >
              Remove
            </Button>
          </Box>
        ) : (
          <Button size="small" color="error" onClick={() => setConfirming(true)} sx={{ flexShrink: 0 }}>
            Remove mark
          </Button>
        ))}
    </Box>
  );
}

/**
 * Verify, remediate or restore a day of one or many backups (features §2.3): notes, the marks
 * the day already has (who and when), and removing a mark.
 */
export function MarkPanel({ kind, data, host }: { kind: MarkKind; data: AuditPopupData; host: PopupHost }) {
  const label = MARK_LABELS[kind];
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['audit.editAuditResults']);
  const one = data.backups.length === 1 ? data.backups[0] : null;
  const marks = useMarks(one?.PolicyId ?? null, data.date);
  const mark = useMark(kind);
  const unmarkAll = useUnmark(kind);
  const [notes, setNotes] = useState('');
  const ids = data.backups.map((b) => b.PolicyId);
  const alreadyMarked = data.backups.filter((b) => b.Marked).length;
  const mine = (marks.data ?? []).filter((m) => m.Kind === kind);
  const others = (marks.data ?? []).filter((m) => m.Kind !== kind);
  const tooLong = notes.length > NOTES_MAX;

  const save = () =>
    mark.mutate(
      { PolicyIds: ids, Date: data.date, Notes: notes.trim() || undefined },
      {
        onSuccess: () => {
          snackbar.success(ids.length === 1 ? `${label.done}` : `${label.done} ${ids.length} backups`);
          host.close();
        },
        onError: (err) => snackbar.error(err),
      },
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <PopupHeading title={label.title} date={f.day(data.date)} backups={data.backups} titleId="popup-title" />
      {!one && <BackupNames backups={data.backups} />}

      {one ? (
        <Box sx={{ mb: 2.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            Marks on this day
          </Typography>
          {marks.isPending ? (
            <Skeleton height={48} />
          ) : marks.isError ? (
            <QueryError error={marks.error} onRetry={() => void marks.refetch()} />
          ) : mine.length + others.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              Nobody has verified, remediated or restored this day yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {[...mine, ...others].map((m) => (
                <MarkRow
                  key={m.Id}
                  mark={m}
                  canEdit={canEdit}
                  date={data.date}
                  onRemoved={() => void marks.refetch()}
                />
              ))}
            </Box>
          )}
        </Box>
      ) : (
        alreadyMarked > 0 && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              canEdit ? (
                <Button
                  color="inherit"
                  size="small"
                  loading={unmarkAll.isPending}
                  onClick={() =>
                    unmarkAll.mutate(
                      { PolicyIds: ids, Date: data.date },
                      {
                        onSuccess: (r) => {
                          snackbar.success(`${label.done} mark removed from ${r.Deleted} backup(s)`);
                          host.close();
                        },
                        onError: (err) => snackbar.error(err),
                      },
                    )
                  }
                >
                  Remove marks
                </Button>
              ) : undefined
            }
          >
            {alreadyMarked} of {data.backups.length} are already {label.done.toLowerCase()} on this day. Saving replaces
            their notes.
          </Alert>
        )
      )}

      {!canEdit && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You can see the marks, but your permissions do not allow changing them.
        </Alert>
      )}
      {mine.length > 0 && canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This day is already {label.done.toLowerCase()}. Saving again replaces the notes and records you as the author.
        </Alert>
      )}
      <TextField
        id="mark-notes"
        label="Notes"
        multiline
        minRows={4}
        value={notes}
        onChange={(e) => setNotes(e.target.value.replace(/^\s+/, ''))}
        disabled={!canEdit}
        error={tooLong}
        helperText={tooLong ? `At most ${NOTES_MAX} characters` : `What was checked or done (optional)`}
        autoFocus={canEdit}
      />
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={host.close}>Cancel</Button>
        <Button type="submit" variant="contained" loading={mark.isPending} disabled={!canEdit || tooLong}>
          {label.verb}
          {ids.length > 1 ? ` ${ids.length} backups` : ''}
        </Button>
      </Box>
    </Box>
  );
}
