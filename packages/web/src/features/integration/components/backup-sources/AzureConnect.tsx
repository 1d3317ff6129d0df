import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AzureApplication, AzureSubscriptionItem, AzureTenant, AzureVaultItem } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { resolveErrorMessage } from '../../../../lib/errors';
import { azureHelper, useAzureConnect } from '../../api/azureHelper';

const NEW_APP = 'new';
const caption = (text: string | null | undefined) =>
  text ? <Typography variant="caption">{text}</Typography> : undefined;

/**
 * "Connect with Microsoft": the admin signs in with a Microsoft account (the page comes back with
 * a code that the server redeems and keeps), picks directory, subscription and vaults, and Vigil
 * creates its own app registration and key with Backup Reader on those vaults, then saves the
 * source. The Microsoft tokens stay on the server; this page only holds the session handle.
 */
export function AzureConnect() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const connect = useAzureConnect();
  const redirectUri = `${window.location.origin}${location.pathname}`;
  const [session, setSession] = useState<string | null>(null);
  const [user, setUser] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // A sign-in Microsoft refused comes back with `error` (and its description): reported as given.
  const [error, setError] = useState<string | null>(() => {
    const failed = params.get('error');
    return failed ? params.get('error_description') || failed : null;
  });
  const [tenants, setTenants] = useState<AzureTenant[]>([]);
  const [tenantId, setTenantId] = useState('');
  const [subs, setSubs] = useState<AzureSubscriptionItem[]>([]);
  const [subId, setSubId] = useState('');
  const [apps, setApps] = useState<AzureApplication[]>([]);
  const [app, setApp] = useState(NEW_APP);
  const [vaults, setVaults] = useState<AzureVaultItem[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const redeemed = useRef(false);

  const run = async <T,>(what: string, work: () => Promise<T>): Promise<T | null> => {
    setBusy(what);
    setError(null);
    try {
      return await work();
    } catch (err) {
      const message = resolveErrorMessage(err);
      setError(message);
      if (message === 'Not valid Tokens') setSession(null);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const pickTenant = async (s: string, id: string) => {
    setTenantId(id);
    setSubId('');
    setVaults(null);
    const found = await run('subscriptions', async () => {
      const [list, existing] = await Promise.all([azureHelper.subscriptions(s, id), azureHelper.applications(s, id)]);
      return { list, existing };
    });
    if (!found) return;
    setSubs(found.list);
    setApps(found.existing);
    setApp(found.existing[0]?.Id ?? NEW_APP);
  };

  const pickSubscription = async (id: string) => {
    if (!session) return;
    setSubId(id);
    const found = await run('vaults', () => azureHelper.vaults(session, tenantId, id));
    if (!found) return;
    setVaults(found);
    setChosen(new Set(found.map((v) => v.Id)));
    const sub = subs.find((x) => x.SubscriptionId === id);
    setName(`Azure Backup – ${sub?.DisplayName ?? id}`);
  };

  // Back from Microsoft: redeem the code once, then list the directories the admin can reach.
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const failed = params.get('error');
    if (redeemed.current || (!code && !failed)) return;
    redeemed.current = true;
    setParams({}, { replace: true });
    if (!code) return;
    void (async () => {
      const signed = await run('sign-in', () =>
        azureHelper.verify({ RedirectUri: redirectUri, Code: code ?? '', State: state ?? '' }),
      );
      if (!signed?.Session) return;
      setSession(signed.Session);
      setUser(signed.UserName ?? null);
      const list = await run('tenants', () => azureHelper.tenants(signed.Session!));
      if (!list) return;
      setTenants(list);
      if (list.length === 1) await pickTenant(signed.Session, list[0].TenantId);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back from Microsoft
  }, []);

  const signIn = async () => {
    const started = await run('sign-in', () => azureHelper.verify({ RedirectUri: redirectUri }));
    if (started?.SignInUrl) window.location.assign(started.SignInUrl);
  };

  const save = async () => {
    if (!session || !vaults) return;
    setError(null);
    try {
      await connect.mutateAsync({
        Session: session,
        TenantId: tenantId,
        SubscriptionId: subId,
        Vaults: vaults.filter((v) => chosen.has(v.Id)).map((v) => ({ ResourceGroup: v.ResourceGroup, Name: v.Name })),
        Name: name.trim(),
        app: apps.find((a) => a.Id === app) ?? null,
      });
      snackbar.success('Source added');
      void navigate('/app/integration/backup/azure');
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };

  const step = !session ? 0 : !tenantId ? 1 : !subId ? 2 : 3;
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="azure-connect"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: '14px', maxWidth: 640, mb: 3 }}
    >
      <Typography id="azure-connect" variant="h6" component="h2">
        Connect with Microsoft
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Sign in as an administrator of the Azure directory. Vigil registers its own application there, gives it Backup
        Reader on the vaults you choose, and keeps only that application&apos;s key.
      </Typography>
      {error && (
        <Alert severity="error" role="alert" data-testid="azure-error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stepper activeStep={step} orientation="vertical">
        <Step>
          <StepLabel optional={caption(user ? `Signed in as ${user}` : null)}>Sign in</StepLabel>
          <StepContent>
            <Button variant="contained" onClick={() => void signIn()} loading={busy === 'sign-in'}>
              Connect with Microsoft
            </Button>
          </StepContent>
        </Step>
        <Step>
          <StepLabel optional={caption(tenants.find((t) => t.TenantId === tenantId)?.DisplayName)}>Directory</StepLabel>
          <StepContent>
            <TextField
              select
              fullWidth
              label="Directory (tenant)"
              value={tenantId}
              disabled={!!busy}
              onChange={(e) => session && void pickTenant(session, e.target.value)}
            >
              {tenants.map((t) => (
                <MenuItem key={t.TenantId} value={t.TenantId}>
                  {t.DisplayName}
                  {t.DefaultDomain ? ` (${t.DefaultDomain})` : ''}
                </MenuItem>
              ))}
            </TextField>
          </StepContent>
        </Step>
        <Step>
          <StepLabel optional={caption(subs.find((x) => x.SubscriptionId === subId)?.DisplayName)}>
            Subscription
          </StepLabel>
          <StepContent>
            <TextField
              select
              fullWidth
              label="Subscription"
              value={subId}
              disabled={!!busy}
              onChange={(e) => void pickSubscription(e.target.value)}
              helperText={subs.length ? undefined : 'No subscriptions in this directory'}
            >
              {subs.map((s) => (
                <MenuItem key={s.SubscriptionId} value={s.SubscriptionId}>
                  {s.DisplayName}
                </MenuItem>
              ))}
            </TextField>
          </StepContent>
        </Step>
        <Step>
          <StepLabel>Vaults and application</StepLabel>
          <StepContent>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {vaults && vaults.length === 0 && (
                <Alert severity="info">This subscription has no Recovery Services vaults.</Alert>
              )}
              <FormGroup role="group" aria-label="Recovery Services vaults">
                {(vaults ?? []).map((v) => (
                  <FormControlLabel
                    key={v.Id}
                    control={<Checkbox checked={chosen.has(v.Id)} onChange={() => toggle(v.Id)} />}
                    label={`${v.Name} (${v.ResourceGroup}${v.Location ? `, ${v.Location}` : ''})`}
                  />
                ))}
              </FormGroup>
              <TextField select label="App registration" value={app} onChange={(e) => setApp(e.target.value)}>
                <MenuItem value={NEW_APP}>Create a new one (Vigil Backup Monitoring)</MenuItem>
                {apps.map((a) => (
                  <MenuItem key={a.Id} value={a.Id}>
                    {a.DisplayName} ({a.AppId})
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="Source name" value={name} onChange={(e) => setName(e.target.value)} required />
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void save()}
                  loading={connect.isPending}
                  disabled={!chosen.size || !name.trim()}
                >
                  Create key and save
                </Button>
              </Box>
            </Box>
          </StepContent>
        </Step>
      </Stepper>
    </Paper>
  );
}
