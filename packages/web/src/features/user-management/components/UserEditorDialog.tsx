import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { UserLevel, type NamedRef, type UserDetail } from '@vigil/contract';
import { MultiSelect } from '../../../components/MultiSelect';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useGroups, useRestrictionGroups, useSaveUser, useUser } from '../api/userManagement';
import { CompanyMultiPicker } from './CompanyMultiPicker';

const LEVELS = [
  { value: UserLevel.Administrator, label: 'Administrator', help: 'Every screen and setting of the tenant.' },
  { value: UserLevel.Standard, label: 'Standard', help: "Your staff: what their group's permissions allow." },
  { value: UserLevel.Client, label: 'Client', help: 'Your customer: read-only, only the companies you give them.' },
  { value: UserLevel.Disabled, label: 'Disabled', help: 'Cannot sign in; the account and its settings are kept.' },
];

interface Draft {
  Email: string;
  FirstName: string;
  LastName: string;
  Level: number;
  GroupId: number | null;
  IsCompanyRestricted: boolean;
  Companies: NamedRef[];
  RestrictionGroupIds: number[];
}

const blank = (kind: 'partner' | 'client'): Draft => ({
  Email: '',
  FirstName: '',
  LastName: '',
  Level: kind === 'client' ? UserLevel.Client : UserLevel.Standard,
  GroupId: null,
  IsCompanyRestricted: false,
  Companies: [],
  RestrictionGroupIds: [],
});

const fromUser = (u: UserDetail): Draft => ({
  Email: u.Email,
  FirstName: u.FirstName,
  LastName: u.LastName,
  Level: u.Level,
  GroupId: u.GroupId,
  IsCompanyRestricted: u.IsCompanyRestricted,
  Companies: u.Companies,
  RestrictionGroupIds: u.RestrictionGroupIds,
});

/** Create or edit one user: level, group, and the companies a restricted or client user may see. */
export function UserEditorDialog({
  open,
  userId,
  kind,
  onClose,
}: {
  open: boolean;
  userId: number | null;
  kind: 'partner' | 'client';
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const user = useUser(open ? userId : null);
  if (!open) return null;
  const loading = userId !== null && !user.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{userId === null ? 'Add user' : 'Edit user'}</DialogTitle>
      {loading ? (
        <DialogContent>
          <Typography sx={{ color: 'text.secondary' }}>
            {user.isError ? resolveErrorMessage(user.error) : 'Loading…'}
          </Typography>
        </DialogContent>
      ) : (
        <EditorForm
          key={userId ?? 'new'}
          userId={userId}
          initial={user.data ? fromUser(user.data) : blank(kind)}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function EditorForm({ userId, initial, onClose }: { userId: number | null; initial: Draft; onClose: () => void }) {
  const snackbar = useSnackbar();
  const save = useSaveUser();
  const [d, setD] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isClient = d.Level === UserLevel.Client;
  const standardGroups = useGroups('standard');
  const clientGroups = useGroups('client');
  const restriction = useRestrictionGroups();
  const groupChoices = (isClient ? clientGroups.data : standardGroups.data) ?? [];
  const showCompanies = isClient || d.IsCompanyRestricted;
  const set = (patch: Partial<Draft>) => {
    setD((x) => ({ ...x, ...patch }));
    setErrors({});
    setFormError(null);
  };

  const submit = async () => {
    if (userId === null && !d.Email.trim()) return setErrors({ Email: 'E-mail is required' });
    const fields = {
      FirstName: d.FirstName,
      LastName: d.LastName,
      Level: d.Level,
      GroupId: d.GroupId,
      IsCompanyRestricted: d.IsCompanyRestricted,
      CompanyIds: showCompanies ? d.Companies.map((c) => c.Id) : [],
      RestrictionGroupIds: showCompanies ? d.RestrictionGroupIds : [],
    };
    try {
      await save.mutateAsync(
        userId === null
          ? { id: null, create: { ...fields, Email: d.Email, Level: d.Level } }
          : { id: userId, update: fields },
      );
      snackbar.success(userId === null ? `Invitation sent to ${d.Email.trim().toLowerCase()}` : 'Successfully updated');
      onClose();
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fe);
      if (!Object.keys(fe).some((k) => ['Email', 'GroupId', 'CompanyIds', 'Level'].includes(k)))
        setFormError(resolveErrorMessage(err));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'contents' }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField
          id="user-email"
          label="E-mail"
          type="email"
          required
          autoFocus={userId === null}
          disabled={userId !== null}
          value={d.Email}
          onChange={(e) => set({ Email: e.target.value })}
          error={!!errors.Email}
          helperText={
            errors.Email ?? (userId === null ? 'The user gets an e-mail with a link to choose a password.' : ' ')
          }
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            id="user-first-name"
            label="First name"
            value={d.FirstName}
            onChange={(e) => set({ FirstName: e.target.value })}
          />
          <TextField
            id="user-last-name"
            label="Last name"
            value={d.LastName}
            onChange={(e) => set({ LastName: e.target.value })}
          />
        </Box>
        <TextField
          id="user-level"
          select
          label="Level"
          value={d.Level}
          onChange={(e) => {
            const Level = Number(e.target.value);
            const typeChanged = (Level === UserLevel.Client) !== isClient;
            set({ Level, ...(typeChanged ? { GroupId: null } : {}) });
          }}
          error={!!errors.Level}
          helperText={errors.Level ?? LEVELS.find((l) => l.value === d.Level)?.help}
        >
          {LEVELS.filter((l) => userId !== null || l.value !== UserLevel.Disabled).map((l) => (
            <MenuItem key={l.value} value={l.value}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="user-group"
          select
          label="Group"
          value={d.GroupId ?? ''}
          onChange={(e) => set({ GroupId: e.target.value === '' ? null : Number(e.target.value) })}
          error={!!errors.GroupId}
          helperText={errors.GroupId ?? 'Permissions come from the group (administrators hold every permission).'}
        >
          <MenuItem value="">Default group</MenuItem>
          {groupChoices.map((g) => (
            <MenuItem key={g.Id} value={g.Id}>
              {g.Name}
            </MenuItem>
          ))}
        </TextField>
        {!isClient && (
          <FormControlLabel
            control={
              <Switch
                checked={d.IsCompanyRestricted}
                onChange={(e) => set({ IsCompanyRestricted: e.target.checked })}
              />
            }
            label="Restrict to some companies"
          />
        )}
        {showCompanies && (
          <>
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
              {isClient
                ? 'A client sees only these companies: the ones picked here and those of its restriction groups.'
                : 'The user sees only these companies everywhere: the ones picked here and those of its restriction groups.'}
            </Typography>
            <MultiSelect
              id="user-restriction-groups"
              label="Restriction groups"
              options={(restriction.data ?? []).map((g) => ({ value: g.Id, label: g.Name }))}
              value={d.RestrictionGroupIds}
              onChange={(v) => set({ RestrictionGroupIds: v })}
              loading={restriction.isPending}
              noOptionsText="No restriction groups yet"
            />
            <CompanyMultiPicker
              id="user-companies"
              label="Companies"
              value={d.Companies}
              onChange={(v) => set({ Companies: v })}
              error={!!errors.CompanyIds}
              helperText={errors.CompanyIds}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {userId === null ? 'Add user' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
