import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  hasPrivilege,
  isDomain,
  Privilege,
  type TenantConfig,
  type TenantConfigInput,
  type TimeZoneOption,
} from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import {
  findTimeZone,
  useCountries,
  useDateTimeFormats,
  useSaveTenantConfig,
  useTenantConfig,
  useTenantInfo,
  useTenantSwitch,
  useTimeZones,
} from '../api/branding';
import { BackupPlansSwitch } from '../components/BackupPlansSwitch';
import { DomainsField, domainProblem, firstBadDomain } from '../components/DomainsField';
import { TenantSkeleton } from '../components/TenantSkeleton';
import { SecondFactorSection } from '../components/SecondFactorSection';
import { subscriptionStatusLabel } from '../../../lib/subscriptionStatus';

type Form = Omit<TenantConfigInput, 'PrimaryUserEmailDomain'> & { PrimaryUserEmailDomain: string };
type Errors = Partial<Record<keyof Form, string>>;

const formOf = (c: TenantConfig): Form => ({
  Name: c.Name,
  PrimaryUserEmailDomain: c.PrimaryUserEmailDomain ?? '',
  SecondaryUserEmailDomains: c.SecondaryUserEmailDomains,
  TimeZoneId: c.TimeZoneId,
  Country: c.Country,
  DateFormat: c.DateFormat,
  TimeFormat: c.TimeFormat,
});

function localErrors(f: Form): Errors {
  const e: Errors = {};
  if (!f.Name.trim()) e.Name = 'Name is required';
  const primary = f.PrimaryUserEmailDomain.trim();
  if (primary && !isDomain(primary)) e.PrimaryUserEmailDomain = domainProblem(primary);
  const bad = firstBadDomain(f.SecondaryUserEmailDomains);
  if (bad) e.SecondaryUserEmailDomains = bad;
  if (!f.TimeZoneId) e.TimeZoneId = 'Time zone is required';
  return e;
}

/** `/app/settings/tenant`: the account's name, user domains, time zone, country and formats. */
export default function TenantPage() {
  const config = useTenantConfig();
  // The form waits for its choices too, so no field shows empty or half-drawn while they load.
  const choicesPending = [useTimeZones(), useCountries(), useDateTimeFormats()].some((q) => q.isPending);
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Tenant"
        subtitle="How your account is named, which e-mail domains your own staff use, and how dates and times are shown."
      />
      {config.isError ? (
        <QueryError error={config.error} onRetry={() => void config.refetch()} />
      ) : config.isPending || choicesPending ? (
        <TenantSkeleton />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 860 }}>
          <TenantForm key={JSON.stringify(config.data)} current={config.data} />
          <AccountSection />
          <SecondFactorSection />
        </Box>
      )}
    </>
  );
}

/** The saved zone is kept even when the list lacks it, if the server still knows it (features §5.4). */
function useZoneOptions(current: string): TimeZoneOption[] {
  const zones = useTimeZones();
  const [extra, setExtra] = useState<TimeZoneOption | null>(null);
  const list = useMemo(() => zones.data ?? [], [zones.data]);
  const missing = !!zones.data && !!current && !list.some((z) => z.TimeZoneId === current);
  useEffect(() => {
    if (!missing) return;
    let live = true;
    findTimeZone(current)
      .then((found) => live && setExtra(found.find((z) => z.TimeZoneId === current) ?? null))
      .catch(() => live && setExtra(null));
    return () => {
      live = false;
    };
  }, [missing, current]);
  return extra && missing ? [extra, ...list] : list;
}

function TenantForm({ current }: { current: TenantConfig }) {
  const snackbar = useSnackbar();
  const save = useSaveTenantConfig();
  const countries = useCountries();
  const formats = useDateTimeFormats();
  const [form, setForm] = useState<Form>(() => formOf(current));
  const [errors, setErrors] = useState<Errors>({});
  const zones = useZoneOptions(form.TimeZoneId);

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Form];
      return next;
    });
  };

  const submit = async () => {
    const local = localErrors(form);
    if (Object.keys(local).length) return setErrors(local);
    try {
      await save.mutateAsync({
        ...form,
        Name: form.Name.trim(),
        PrimaryUserEmailDomain: form.PrimaryUserEmailDomain.trim() || null,
      });
      snackbar.success('Successfully updated');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const mapped: Errors = {};
      for (const [k, v] of Object.entries(fields)) mapped[k.split('.')[0] as keyof Form] = v;
      setErrors(mapped);
      if (!Object.keys(mapped).length) snackbar.error(resolveErrorMessage(err));
    }
  };

  const zone = zones.find((z) => z.TimeZoneId === form.TimeZoneId) ?? null;
  const country = countries.data?.find((c) => c.Id === form.Country) ?? null;
  const sample = formatDate(new Date(), `${form.DateFormat} ${form.TimeFormat}`, form.TimeZoneId || undefined);
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(current));

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Tenant settings"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
    >
      <TextField
        id="tenant-name"
        label="Name"
        required
        value={form.Name}
        onChange={(e) => set({ Name: e.target.value.replace(/^\s+/, '') })}
        error={!!errors.Name}
        helperText={errors.Name ?? 'Shown in the sidebar, on reports and in e-mails'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="tenant-primary-domain"
          label="Primary user e-mail domain"
          value={form.PrimaryUserEmailDomain}
          onChange={(e) => set({ PrimaryUserEmailDomain: e.target.value.trim() })}
          error={!!errors.PrimaryUserEmailDomain}
          helperText={errors.PrimaryUserEmailDomain ?? 'e.g. yourmsp.com — addresses of your own staff'}
          slotProps={{ htmlInput: { maxLength: 253, spellCheck: false } }}
        />
        <DomainsField
          id="tenant-secondary-domains"
          label="Secondary user e-mail domains"
          value={form.SecondaryUserEmailDomains}
          onChange={(SecondaryUserEmailDomains) => set({ SecondaryUserEmailDomains })}
          error={errors.SecondaryUserEmailDomains}
          helperText="Press Enter or a comma after each domain"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Autocomplete
          id="tenant-time-zone"
          options={zones}
          value={zone}
          loading={!zones.length}
          getOptionLabel={(z) => z.TimeZoneTitle}
          isOptionEqualToValue={(a, b) => a.TimeZoneId === b.TimeZoneId}
          onChange={(_, z) => set({ TimeZoneId: z?.TimeZoneId ?? '' })}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Time zone"
              required
              error={!!errors.TimeZoneId}
              helperText={errors.TimeZoneId ?? 'Business days, schedules and scheduled reports follow it'}
            />
          )}
        />
        <Autocomplete
          id="tenant-country"
          options={countries.data ?? []}
          value={country}
          loading={countries.isPending}
          getOptionLabel={(c) => c.Name}
          isOptionEqualToValue={(a, b) => a.Id === b.Id}
          onChange={(_, c) => c && set({ Country: c.Id })}
          disableClearable={!!country}
          renderInput={(params) => (
            <TextField {...params} label="Country" error={!!errors.Country} helperText={errors.Country ?? ' '} />
          )}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="tenant-date-format"
          select
          label="Date format"
          value={form.DateFormat}
          onChange={(e) => set({ DateFormat: e.target.value })}
          error={!!errors.DateFormat}
          helperText={errors.DateFormat ?? ' '}
        >
          {(formats.data?.DateFormats ?? [{ Value: form.DateFormat, Example: '' }]).map((f) => (
            <MenuItem key={f.Value} value={f.Value}>
              {f.Value}
              {f.Example && (
                <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 13 }}>
                  {f.Example}
                </Typography>
              )}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="tenant-time-format"
          select
          label="Time format"
          value={form.TimeFormat}
          onChange={(e) => set({ TimeFormat: e.target.value })}
          error={!!errors.TimeFormat}
          helperText={errors.TimeFormat ?? ' '}
        >
          {(formats.data?.TimeFormats ?? [{ Value: form.TimeFormat, Example: '' }]).map((f) => (
            <MenuItem key={f.Value} value={f.Value}>
              {f.Value}
              {f.Example && (
                <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 13 }}>
                  {f.Example}
                </Typography>
              )}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Alert severity="info" variant="outlined" data-testid="format-sample">
        Now in this time zone and format: <strong>{sample}</strong>
      </Alert>
      {current.TimeZoneId !== form.TimeZoneId && (
        <Alert severity="warning" variant="outlined">
          Changing the time zone recalculates the business days of every active backup and moves scheduled reports to
          the new local hour.
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => setForm(formOf(current))} disabled={!dirty || save.isPending}>
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Paper>
  );
}

/** The account itself: its ids and inbound address; auto-upgrade and deletion for tenant admins. */
function AccountSection() {
  const { auth } = useAppSession();
  const snackbar = useSnackbar();
  const info = useTenantInfo();
  const autoUpgrade = useTenantSwitch('autoupgrade');
  const deletion = useTenantSwitch('delete');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const isAdmin = hasPrivilege(auth.privileges, Privilege.tenantAdmin);
  if (info.isPending) return <Skeleton variant="rounded" height={160} aria-label="Loading account" />;
  if (info.isError) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  const t = info.data;

  const askDelete = () =>
    setConfirm({
      title: 'Request account deletion',
      message:
        'Ask us to delete this account and all of its data? Monitoring keeps running until our team closes the account at the end of the billing period; you can withdraw the request until then.',
      confirmLabel: 'Yes, request deletion',
      action: async () => {
        await deletion.mutateAsync(true);
        snackbar.success('Deletion requested');
      },
    });

  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        Account
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, alignItems: 'center' }}
      >
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Inbound e-mail address</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography sx={{ fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere' }}>
            {t.InboundEmail}
          </Typography>
          <CopyButton text={t.InboundEmail} label="Copy inbound e-mail address" size="small" />
        </Box>
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Tenant id</Typography>
        <Typography sx={{ fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere' }}>{t.UnifiedId}</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Subscription</Typography>
        <Typography sx={{ fontSize: 14 }}>{subscriptionStatusLabel(t.Subscription)}</Typography>
      </Box>
      {isAdmin && (
        <>
          <Box sx={{ display: 'grid', justifyItems: 'start' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={t.AutoUpgrade}
                  disabled={autoUpgrade.isPending}
                  onChange={(e) =>
                    autoUpgrade.mutate(e.target.checked, {
                      onSuccess: (r) => snackbar.success(r.AutoUpgrade ? 'Auto-upgrade is on' : 'Auto-upgrade is off'),
                      onError: (err) => snackbar.error(resolveErrorMessage(err)),
                    })
                  }
                />
              }
              label="Upgrade the plan automatically when active backups pass its limit"
            />
            <BackupPlansSwitch />
          </Box>
          {t.DeleteRequestedAt ? (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={deletion.isPending}
                  onClick={() =>
                    deletion.mutate(false, {
                      onSuccess: () => snackbar.success('Deletion request withdrawn'),
                      onError: (err) => snackbar.error(resolveErrorMessage(err)),
                    })
                  }
                >
                  Withdraw
                </Button>
              }
            >
              Deletion requested on {formatDate(t.DeleteRequestedAt, 'MM/DD/yyyy', t.TimeZoneId)}. Our team will close
              the account at the end of the billing period.
            </Alert>
          ) : (
            <Box>
              <Button color="error" variant="outlined" onClick={askDelete}>
                Request account deletion
              </Button>
            </Box>
          )}
        </>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}
