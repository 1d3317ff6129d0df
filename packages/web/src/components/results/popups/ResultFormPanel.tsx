import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { AuditResultDetail } from '@vigil/contract';
import { ApiError } from '../../../lib/errors';
import { dayStatusInfo, RESULT_STATUSES, type ResultStatusCode } from '../../../lib/audit';
import type { AuditPopupData } from '../../../lib/auditWindows';
import { dayProblem, FUTURE_DATE_MESSAGE, wallTimeOf, zonedTimeToIso, type IsoDay } from '../../../lib/days';
import { usePermissions } from '../../../lib/permissions';
import { QueryError } from '../../QueryError';
import { useSnackbar } from '../../snackbar';
import { useAddResult, useAuditResult, useEditResult } from '../../../lib/auditApi';
import { useTenantFormats, type TenantFormats } from '../../../lib/tenantFormats';
import { statusColour } from '../StatusChip';
import { PopupHeading, type PopupHost } from './PopupFrame';

const NOTES_MAX = 4000;

interface FormValues {
  status: ResultStatusCode;
  day: IsoDay;
  time: string;
  notes: string;
}

/** The time a new result defaults to: now on today, else midday of the selected day. */
function defaultTime(day: IsoDay, f: Pick<TenantFormats, 'today' | 'timeZone'>, now = Date.now()): string {
  if (day !== f.today) return '12:00';
  return wallTimeOf(now - 60_000, f.timeZone).time;
}

function ResultForm({
  initial,
  mode,
  onSubmit,
  busy,
  serverErrors,
  onCancel,
  canEdit,
}: {
  initial: FormValues;
  mode: 'add' | 'edit';
  onSubmit: (v: FormValues, at: string) => void;
  busy: boolean;
  serverErrors: Record<string, string>;
  onCancel: () => void;
  canEdit: boolean;
}) {
  const f = useTenantFormats();
  const [v, setV] = useState<FormValues>(initial);
  const [touched, setTouched] = useState(false);
  // Set when a submitted time lay in the future (checked against the clock at submit).
  const [futureAt, setFutureAt] = useState<string | null>(null);
  const dayError = dayProblem(v.day, f.today);
  const timeValid = /^\d{2}:\d{2}$/.test(v.time);
  const at = !dayError && timeValid ? zonedTimeToIso(v.day, v.time, f.timeZone) : null;
  const future = at !== null && at === futureAt;
  const tooLong = v.notes.length > NOTES_MAX;
  const errors = {
    day: dayError ?? (future ? FUTURE_DATE_MESSAGE : null) ?? serverErrors.ParsedDateTime ?? null,
    time: timeValid ? null : 'Time must be valid',
    notes: tooLong ? `At most ${NOTES_MAX} characters` : (serverErrors.Notes ?? null),
  };
  const invalid = !!(errors.day || errors.time || errors.notes);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (at && Date.parse(at) > Date.now() + 60_000) {
          setFutureAt(at);
          return;
        }
        if (!invalid && at) onSubmit(v, at);
      }}
      sx={{ display: 'grid', gap: 2.25 }}
    >
      <TextField
        select
        id="result-status"
        label="Status"
        value={v.status}
        onChange={(e) => setV({ ...v, status: Number(e.target.value) as ResultStatusCode })}
        disabled={!canEdit}
        sx={{ maxWidth: 260 }}
      >
        {RESULT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            <Box
              component="span"
              aria-hidden
              sx={(t) => ({
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: '3px',
                mr: 1,
                bgcolor: statusColour(t, dayStatusInfo(s).colour),
              })}
            />
            {dayStatusInfo(s).label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          id="result-date"
          label="Date"
          type="date"
          value={v.day}
          onChange={(e) => setV({ ...v, day: e.target.value })}
          error={(touched || v.day !== initial.day) && !!errors.day}
          helperText={((touched || v.day !== initial.day) && errors.day) || ' '}
          disabled={!canEdit}
          sx={{ width: 200 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: f.today } }}
        />
        <TextField
          id="result-time"
          label="Time"
          type="time"
          value={v.time}
          onChange={(e) => setV({ ...v, time: e.target.value })}
          error={touched && !!errors.time}
          helperText={(touched && errors.time) || f.timeZone.replace(/_/g, ' ')}
          disabled={!canEdit}
          sx={{ width: 160 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <TextField
        id="result-notes"
        label="Notes"
        multiline
        minRows={3}
        value={v.notes}
        onChange={(e) => setV({ ...v, notes: e.target.value.replace(/^\s+/, '') })}
        error={!!errors.notes}
        helperText={errors.notes ?? 'Why this result was added or changed (optional)'}
        disabled={!canEdit}
      />
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy} disabled={!canEdit || (touched && invalid)}>
          {mode === 'add' ? 'Add result' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
}

/** Add result (features §2.3): status, date and time (the selected day by default), notes. */
export function AddResultPanel({ data, host }: { data: AuditPopupData; host: PopupHost }) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['audit.editAuditResults']);
  const add = useAddResult();
  const backup = data.backups[0];
  const [initial] = useState<FormValues>(() => ({
    status: 1,
    day: data.date,
    time: defaultTime(data.date, f),
    notes: '',
  }));
  const serverErrors = add.error instanceof ApiError ? add.error.fieldErrors : {};

  if (!backup) return <Alert severity="warning">No backup was chosen for this window.</Alert>;
  return (
    <>
      <PopupHeading title="Add result" date={f.day(data.date)} backups={[backup]} titleId="popup-title" />
      {!canEdit && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your permissions do not allow adding results.
        </Alert>
      )}
      <ResultForm
        initial={initial}
        mode="add"
        canEdit={canEdit}
        busy={add.isPending}
        serverErrors={serverErrors}
        onCancel={host.close}
        onSubmit={(v, at) =>
          add.mutate(
            { PolicyId: backup.PolicyId, Status: v.status, ParsedDateTime: at, Notes: v.notes.trim() || undefined },
            {
              onSuccess: () => {
                snackbar.success(`${dayStatusInfo(v.status).label} result added`);
                host.close();
              },
              onError: (err) => snackbar.error(err),
            },
          )
        }
      />
    </>
  );
}

function initialFromResult(r: AuditResultDetail, timeZone: string): FormValues {
  const w = wallTimeOf(r.ParsedDateTime, timeZone);
  return { status: r.Status, day: w.day, time: w.time, notes: r.Notes ?? '' };
}

/** Edit result: the same fields, filled from the result. */
export function EditResultPanel({
  resultId,
  data,
  host,
}: {
  resultId: number;
  data: AuditPopupData | null;
  host: PopupHost;
}) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['audit.editAuditResults']);
  const result = useAuditResult(resultId);
  const edit = useEditResult();
  const serverErrors = edit.error instanceof ApiError ? edit.error.fieldErrors : {};
  const r = result.data;
  const backup = r
    ? {
        PolicyId: r.PolicyId,
        JobName: r.JobName,
        DeviceName: r.DeviceName,
        CompanyName: r.CompanyName,
        VendorName: r.VendorName,
      }
    : data?.backups[0];

  return (
    <>
      {backup && (
        <PopupHeading
          title="Edit result"
          date={r?.BusinessDay ? f.day(r.BusinessDay) : data ? f.day(data.date) : undefined}
          backups={[backup]}
          titleId="popup-title"
        />
      )}
      {result.isPending ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Skeleton height={56} width={260} />
          <Skeleton height={56} />
          <Skeleton height={96} />
        </Box>
      ) : result.isError || !r ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <>
          {r.Source === 'email' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This result was read from an e-mail. Your change is kept with your name; reprocessing the e-mail reads it
              again from the e-mail.
            </Alert>
          )}
          <ResultForm
            key={r.ResultID}
            initial={initialFromResult(r, f.timeZone)}
            mode="edit"
            canEdit={canEdit}
            busy={edit.isPending}
            serverErrors={serverErrors}
            onCancel={() => host.go('view', resultId)}
            onSubmit={(v, at) =>
              edit.mutate(
                { ResultID: r.ResultID, Status: v.status, ParsedDateTime: at, Notes: v.notes.trim() || null },
                {
                  onSuccess: () => {
                    snackbar.success('Result updated');
                    host.go('view', resultId);
                  },
                  onError: (err) => snackbar.error(err),
                },
              )
            }
          />
        </>
      )}
    </>
  );
}
