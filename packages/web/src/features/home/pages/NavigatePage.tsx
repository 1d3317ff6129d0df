import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { hasPrivilege, Privilege, ResultStatusLabel, ResultStatus, privilegeNames } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { GuidedTour } from '../../../components/guidance/GuidedTour';
import { HOME_TOUR } from '../tour';
import { displayName, initials } from '../../../lib/auth';
import { useAuth, useCommonSettings, useProfile } from '../../../lib/queries';
import { ClientHome } from '../components/ClientHome';

function greeting(now = new Date()): string {
  const h = now.getHours();
  if (h < 5) return 'Good evening';
  if (h < 12) return 'Good morning';
  if (h < 18) return 'Good afternoon';
  return 'Good evening';
}

interface Step {
  title: string;
  body: ReactNode;
  done?: boolean;
  action?: ReactNode;
}

function Checklist({ steps }: { steps: Step[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((s, i) => (
        <Box
          component="li"
          key={s.title}
          sx={{
            display: 'flex',
            gap: 2,
            py: 2,
            borderTop: i === 0 ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <Box
            aria-hidden
            sx={(t) => ({
              width: 30,
              height: 30,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontSize: 14,
              fontWeight: 700,
              color: s.done ? '#fff' : t.palette.primary.main,
              bgcolor: s.done ? t.palette.status.success : alpha(t.palette.primary.main, 0.1),
            })}
          >
            {s.done ? <CheckRoundedIcon sx={{ fontSize: 18 }} /> : i + 1}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 650 }}>{s.title}</Typography>
              {s.done && <Chip label="Done" size="small" color="success" variant="outlined" />}
            </Box>
            <Typography sx={{ color: 'text.secondary', fontSize: 14.5, mt: 0.5 }}>{s.body}</Typography>
            {s.action && <Box sx={{ mt: 1.25 }}>{s.action}</Box>}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const legend: {
  status: ResultStatus;
  key: 'success' | 'warning' | 'failure' | 'noResult' | 'pending';
  text: string;
}[] = [
  { status: ResultStatus.Success, key: 'success', text: 'The job finished and reported success.' },
  { status: ResultStatus.Warning, key: 'warning', text: 'It finished, with something worth a look.' },
  { status: ResultStatus.Failure, key: 'failure', text: 'The job failed. Someone should act.' },
  { status: ResultStatus.NoResult, key: 'noResult', text: 'A scheduled run sent nothing at all.' },
  { status: ResultStatus.Pending, key: 'pending', text: 'The day is not over yet for this job.' },
];

/** Whether the signed-in user's menu leads to `path` (a step links only to a screen they may open). */
function useCanOpen(): (path: string) => boolean {
  const { menu } = useAppSession();
  const has = (items: typeof menu, path: string): boolean =>
    items.some((i) => i.path === path || (i.children ? has(i.children, path) : false));
  return (path) => has(menu, path);
}

/** A step's link to the screen it names, when the user may open it. */
function stepLink(canOpen: (path: string) => boolean, to: string, label: string): ReactNode {
  if (!canOpen(to)) return undefined;
  return (
    <Button component={RouterLink} to={to} variant="outlined" size="small">
      {label}
    </Button>
  );
}

/**
 * App home (`/app/navigate`): who you are, where backup e-mails go, and what to do first; a
 * client user gets their companies' protection instead of the provider's onboarding.
 */
export default function NavigatePage() {
  const auth = useAuth();
  const settings = useCommonSettings();
  const profile = useProfile();
  const canOpen = useCanOpen();
  if (!auth) return null;
  if (hasPrivilege(auth.privileges, Privilege.tenantClient))
    return (
      <ClientHome firstName={auth.userFirstName || displayName(auth)} tenantName={settings.data?.TenantName ?? ''} />
    );

  const address = settings.data?.EmailDomain ?? '';
  const tenantName = settings.data?.TenantName ?? '';
  const firstName = auth.userFirstName || displayName(auth);
  const mfaOn = profile.data?.MfaEnabled === true;
  const roles = privilegeNames(auth.privileges);

  const steps: Step[] = [
    {
      title: 'Point backup e-mails at your address',
      body: (
        <>
          In each backup tool (Veeam, Datto, Acronis, Comet and others) set the job report recipient to{' '}
          <Box component="strong" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
            {address || 'your inbound address'}
          </Box>
          . Vigil keeps every message it receives and reads the result of each job from it.
        </>
      ),
      action: stepLink(canOpen, '/app/integration/mailboxes', 'Open Mailboxes'),
    },
    {
      title: 'Review the backups Vigil discovers',
      body: 'Each job that reports in shows up as a backup waiting for you. Activate the ones you monitor and assign them to client companies.',
      action: stepLink(canOpen, '/app/manage/activate-backups', 'Open Activate Backups'),
    },
    {
      title: 'Tell Vigil when each backup should run',
      body: 'With a schedule, a day without a report counts as No Result instead of passing silently.',
      action: stepLink(canOpen, '/app/manage/schedules', 'Open Schedules'),
    },
    {
      title: 'Start each morning with the audit',
      body: 'Every client, every job and yesterday’s outcome on one screen; verify, remediate or note what you did.',
      action: stepLink(canOpen, '/app/audit', 'Open Audit'),
    },
    {
      title: 'Protect your account',
      body: mfaOn
        ? 'Multi-factor authentication is on for your account.'
        : 'Turn on multi-factor authentication so a stolen password is not enough to get in.',
      done: mfaOn,
      action: !mfaOn ? (
        <Button component={RouterLink} to="/app/profile" variant="outlined" size="small">
          Open profile
        </Button>
      ) : undefined,
    },
  ];

  return (
    <>
      <GuidedTour id="home" steps={HOME_TOUR} />
      <PageHeader
        eyebrow={tenantName || undefined}
        title={`${greeting()}, ${firstName}`}
        subtitle="Here is how to get Vigil watching your clients' backups."
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <Card
              sx={(t) => ({
                position: 'relative',
                overflow: 'hidden',
                borderColor: alpha(t.palette.primary.main, 0.25),
                background:
                  t.palette.mode === 'dark'
                    ? `linear-gradient(135deg, ${alpha('#4f7cff', 0.16)} 0%, ${alpha('#14b8a6', 0.1)} 100%)`
                    : `linear-gradient(135deg, ${alpha('#4f7cff', 0.09)} 0%, ${alpha('#14b8a6', 0.07)} 100%)`,
              })}
            >
              <CardContent sx={{ p: { xs: 2.5, md: 3.5 } }}>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                  <Box
                    sx={(t) => ({
                      width: 48,
                      height: 48,
                      borderRadius: '12px',
                      flexShrink: 0,
                      display: { xs: 'none', sm: 'grid' },
                      placeItems: 'center',
                      color: t.palette.primary.main,
                      bgcolor: alpha(t.palette.primary.main, 0.12),
                    })}
                  >
                    <ForwardToInboxOutlinedIcon />
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                      Your inbound e-mail address
                    </Typography>
                    {settings.isPending ? (
                      <Skeleton width={280} height={40} />
                    ) : (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <Typography
                          data-testid="inbound-address"
                          sx={{
                            fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
                            fontSize: { xs: 17, sm: 22 },
                            fontWeight: 600,
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {address || 'Not available'}
                        </Typography>
                        {address && (
                          <CopyButton
                            text={address}
                            label="Copy inbound e-mail address"
                            successMessage="Inbound e-mail address copied"
                          />
                        )}
                      </Box>
                    )}
                    <Typography sx={{ color: 'text.secondary', mt: 1, fontSize: 14.5, maxWidth: 620 }}>
                      Backup reports sent here are stored the moment they arrive and turned into job results for{' '}
                      {tenantName || 'your company'}.
                    </Typography>
                  </Box>
                </Box>
              </CardContent>
            </Card>

            <Card data-tour="getting-started">
              <CardHeader title="Getting started" subheader="Five steps from first e-mail to a calm morning audit." />
              <CardContent sx={{ pt: 1 }}>
                <Checklist steps={steps} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <Avatar sx={{ width: 48, height: 48, bgcolor: 'primary.main', fontWeight: 700 }}>
                    {initials(auth)}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 650 }} noWrap>
                      {displayName(auth)}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary', fontSize: 14 }} noWrap>
                      {auth.userName}
                    </Typography>
                  </Box>
                </Box>
                <Divider sx={{ my: 2 }} />
                <Stack spacing={1.25}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Tenant</Typography>
                    <Typography sx={{ fontSize: 14, fontWeight: 600, textAlign: 'right' }}>
                      {tenantName || '—'}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
                    <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Role</Typography>
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      {roles.map((r) => (
                        <Chip key={r} label={r} size="small" color="primary" variant="outlined" />
                      ))}
                    </Box>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
                    <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Multi-factor</Typography>
                    {profile.isPending ? (
                      <Skeleton width={60} />
                    ) : (
                      <Chip
                        label={mfaOn ? 'On' : 'Off'}
                        size="small"
                        color={mfaOn ? 'success' : 'default'}
                        variant={mfaOn ? 'filled' : 'outlined'}
                      />
                    )}
                  </Box>
                </Stack>
                <Button component={RouterLink} to="/app/profile" fullWidth variant="outlined" sx={{ mt: 2.5 }}>
                  Manage profile
                </Button>
              </CardContent>
            </Card>

            <Card>
              <CardHeader title="What the statuses mean" subheader="Every result Vigil records gets one of these." />
              <CardContent sx={{ pt: 1.5 }}>
                <Stack spacing={1.75}>
                  {legend.map((l) => (
                    <Box key={l.key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                      <Box
                        aria-hidden
                        sx={(t) => ({
                          width: 12,
                          height: 12,
                          mt: 0.6,
                          borderRadius: '4px',
                          flexShrink: 0,
                          bgcolor: t.palette.status[l.key],
                        })}
                      />
                      <Box>
                        <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{ResultStatusLabel[l.status]}</Typography>
                        <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>{l.text}</Typography>
                      </Box>
                    </Box>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
