import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_SUBJECTS,
  DEFAULT_TICKET_DESCRIPTION,
  PROFILE_MESSAGES,
  TICKET_GROUP_LABELS,
  type TicketGroupByValue,
  type TicketProfileInput,
} from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import type { usePsaLookup } from '../api/lookups';
import { useSaveProfile } from '../api/profiles';
import { useCustomSubjects } from '../api/subjects';
import {
  changeProfile,
  formToPayload,
  validateProfile,
  type ProfileField,
  type ProfileFormValues,
  type ProfileTypeText,
} from '../profileForm';
import { EmailFields, IncludeSwitches, WebhookFields } from './ChannelFields';
import { PatternEditor } from './PatternEditor';
import { PsaFields, psaLabels } from './PsaFields';

/** Features §9: the ticket profile panel is 650 wide. */
export const PROFILE_PANEL_WIDTH = 650;

type Lookup = ReturnType<typeof usePsaLookup>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2.25 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The ticket profile form (features §2.4, §3.3, §5.1): name, generation method, the PSA or
 * e-mail settings, then Formatting with the grouping, the subject and (PSA) the description.
 */
export function ProfileForm({
  id,
  initial,
  psa,
  boards,
  sources,
  hasWebhookSecret,
  onSaved,
  onCancel,
}: {
  id: number | null;
  initial: ProfileFormValues;
  psa: { crmType: number; crmId: number | null; vendorName: string | null };
  boards: Lookup;
  sources: Lookup;
  hasWebhookSecret: boolean;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const snackbar = useSnackbar();
  const save = useSaveProfile();
  const subjects = useCustomSubjects();
  const canReadCrm = usePermissions(['integration.getlinkedcrmsourcewithdefaults']);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<ProfileField | 'form', string>>>({});
  const hasPsa = psa.crmType > 0 && psa.crmId !== null;
  const labels = { ...psaLabels(psa.crmType), Name: 'Ticket Profile name', GroupBy: 'Group Backups by' };

  const change = (patch: Partial<ProfileFormValues>) => {
    setValues((v) => changeProfile(v, patch, psa.crmType));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as ProfileField];
      return next;
    });
  };

  const groupBy = values.GroupBy === '' ? null : (Number(values.GroupBy) as TicketGroupByValue);
  const globalSubject =
    groupBy === null ? null : (subjects.data?.find((s) => s.GroupBy === groupBy)?.Pattern ?? DEFAULT_SUBJECTS[groupBy]);

  const submit = async () => {
    const local = validateProfile(values, psa.crmType, labels, { hasWebhookSecret });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const payload: TicketProfileInput = formToPayload(values, { boards: boards.data, crmSourceId: psa.crmId });
    try {
      const saved = await save.mutateAsync(id ? { ...payload, Id: id } : payload);
      snackbar.success(id ? PROFILE_MESSAGES.updated : PROFILE_MESSAGES.created);
      onSaved(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields as Partial<Record<ProfileField, string>>);
      else snackbar.error(err);
    }
  };

  const typeButton = (type: ProfileTypeText, label: string, disabledReason?: string) => {
    const button = (
      <ToggleButton value={type} disabled={!!disabledReason} sx={{ px: 2.5 }} aria-label={label}>
        {label}
      </ToggleButton>
    );
    return disabledReason ? (
      <Tooltip key={type} title={disabledReason}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={id ? 'Edit ticket profile' : 'Create ticket profile'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ position: 'relative', display: 'grid', gap: 3, maxWidth: PROFILE_PANEL_WIDTH, width: '100%' }}
    >
      <TextField
        id="profile-name"
        label={labels.Name}
        required
        autoFocus={!id}
        value={values.Name}
        onChange={(e) => change({ Name: e.target.value.trimStart() })}
        error={!!errors.Name}
        helperText={errors.Name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Box>
        <Typography component="div" id="profile-method-label" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }}>
          Ticket generation method
        </Typography>
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          aria-labelledby="profile-method-label"
          value={values.Type}
          onChange={(_, t: ProfileTypeText | null) => t && change({ Type: t })}
        >
          {typeButton(
            'PSA',
            psa.vendorName ? `PSA · ${psa.vendorName}` : 'PSA',
            hasPsa ? undefined : PROFILE_MESSAGES.noPsa,
          )}
          {typeButton('Email', 'Email')}
          {typeButton('Webhook', 'Webhook')}
        </ToggleButtonGroup>
      </Box>

      {values.Type === 'PSA' && hasPsa && (
        <Section title={`${psa.vendorName ?? 'PSA'} settings`}>
          {!canReadCrm ? (
            <Alert severity="warning">{PROFILE_MESSAGES.noCrmPermission}</Alert>
          ) : (
            <PsaFields
              crmType={psa.crmType}
              crmId={psa.crmId!}
              values={values}
              onChange={change}
              errors={errors}
              boards={boards}
              sources={sources}
            />
          )}
        </Section>
      )}
      {values.Type === 'Email' && (
        <Section title="E-mail settings">
          <EmailFields values={values} onChange={change} errors={errors} />
        </Section>
      )}
      {values.Type === 'Webhook' && (
        <Section title="Webhook settings">
          <WebhookFields values={values} onChange={change} errors={errors} hasSecret={hasWebhookSecret} />
        </Section>
      )}

      <Section title="Formatting">
        <TextField
          select
          id="profile-group-by"
          label={labels.GroupBy}
          required
          value={values.GroupBy}
          onChange={(e) => change({ GroupBy: e.target.value as ProfileFormValues['GroupBy'] })}
          error={!!errors.GroupBy}
          helperText={errors.GroupBy ?? 'One ticket per group while the problem lasts'}
        >
          {([0, 1, 2, 3] as const).map((g) => (
            <MenuItem key={g} value={String(g)}>
              {TICKET_GROUP_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
        {groupBy !== null && (
          <>
            <PatternEditor
              id="profile-subject"
              label="Subject"
              value={values.CustomSubject}
              onChange={(CustomSubject) => change({ CustomSubject })}
              groupBy={groupBy}
              error={errors.CustomSubject}
              helperText={values.CustomSubject ? undefined : `Default template will be used: ${globalSubject}`}
              emptyPreview="Default template will be used"
            />
            {values.Type !== 'Email' && (
              <PatternEditor
                id="profile-description"
                label="Description"
                multiline
                value={values.CustomDescription}
                onChange={(CustomDescription) => change({ CustomDescription })}
                groupBy={groupBy}
                error={errors.CustomDescription}
                helperText={
                  values.CustomDescription
                    ? 'The backups, their statuses and (when included) the failure text follow this text'
                    : `Empty: "${DEFAULT_TICKET_DESCRIPTION}" is used`
                }
              />
            )}
            {values.Type === 'PSA' && (
              <IncludeSwitches values={values} onChange={change} errors={errors} company={false} />
            )}
          </>
        )}
      </Section>

      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {id ? 'Save' : 'Create'}
        </Button>
      </Box>
      <Backdrop
        open={save.isPending}
        sx={{ position: 'absolute', zIndex: 2, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.25)' }}
        aria-label="Saving"
      >
        <CircularProgress />
      </Backdrop>
    </Box>
  );
}
