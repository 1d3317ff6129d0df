import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { Privilege, type AdminProcessedEmail } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { EmailFilterBar, PageFooter } from '../../../components/email/EmailFilterBar';
import { EmailList, type EmailActions } from '../../../components/email/EmailList';
import { readEmailFilters, writeEmailFilters, type EmailFilters } from '../../../lib/ingest';
import { usePrivilege } from '../../../lib/permissions';
import { queryClient } from '../../../lib/queries';
import { useTenants } from '../api/admin';
import {
  downloadAdminEmail,
  loadAdminRawEmail,
  PARSING_STATUS_REFRESH_MS,
  parsingKeys,
  useAdminEmails,
  useAdminReprocess,
  useParsingStatus,
} from '../api/parsing';
import { BannedSendersPanel } from '../components/parsing/BannedSendersPanel';
import { MailboxesPanel } from '../components/parsing/MailboxesPanel';
import { ParsingOverview } from '../components/parsing/ParsingOverview';
import { FalseGreensCard } from '../components/parsing/FalseGreensCard';
import { IntakeNodesCard } from '../components/parsing/IntakeNodesCard';
import { TenantParsersPanel } from '../components/parsing/TenantParsersPanel';
import { TestParsingPanel } from '../components/parsing/TestParsingPanel';

const TABS = [
  { value: 'emails', label: 'Processed e-mails' },
  { value: 'test', label: 'Test parsing' },
  { value: 'banned', label: 'Banned senders' },
  { value: 'mailboxes', label: 'Mailboxes' },
  { value: 'parsers', label: 'Tenant parsers' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Features §2.6: the active tab lives in "tab"; an unknown or missing tab falls back to the first. */
function readTab(params: URLSearchParams): TabValue {
  const t = params.get('tab');
  return TABS.find((x) => x.value === t)?.value ?? TABS[0].value;
}

function ProcessedEmailsTab({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: (p: URLSearchParams) => void;
}) {
  const filters = readEmailFilters(params);
  const emails = useAdminEmails(filters);
  const tenants = useTenants();
  const reprocess = useAdminReprocess();
  // Built on the address bar as it is now: a debounced search may commit after a newer change.
  const setFilters = (next: Partial<EmailFilters>) =>
    setParams(writeEmailFilters(new URLSearchParams(window.location.search), next));
  const filtered = !!(filters.search || filters.state || filters.unrecognised || filters.tenantId);
  const data = emails.data;

  const actions: EmailActions<AdminProcessedEmail> = {
    download: downloadAdminEmail,
    loadRaw: loadAdminRawEmail,
    reprocess: (e) => reprocess.mutateAsync(e),
  };

  return (
    <>
      <SectionHeader
        title="Processed e-mails"
        subtitle="Every tenant's received e-mails, newest first. Search by address, subject or Message-ID."
      />
      {emails.isError ? (
        <QueryError error={emails.error} onRetry={() => void emails.refetch()} />
      ) : (
        <EmailList
          caption="Processed e-mails"
          showTenant
          emails={data?.Results}
          loading={emails.isPending}
          actions={actions}
          toolbar={
            <EmailFilterBar
              idPrefix="admin-emails"
              searchLabel="Address, subject or Message-ID"
              filters={filters}
              onChange={setFilters}
              extra={
                <TextField
                  select
                  id="admin-emails-tenant"
                  label="Tenant"
                  size="small"
                  value={filters.tenantId ?? ''}
                  onChange={(e) => setFilters({ tenantId: Number(e.target.value) || null, page: 1 })}
                  sx={{ width: { xs: '100%', sm: 200 } }}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">All tenants</MenuItem>
                  {(tenants.data ?? []).map((t) => (
                    <MenuItem key={t.Id} value={t.Id}>
                      {t.Name}
                    </MenuItem>
                  ))}
                </TextField>
              }
            />
          }
          empty={
            <Box sx={{ textAlign: 'center' }}>
              <Typography sx={{ color: 'text.secondary' }}>
                {filtered ? 'No e-mail matches these filters.' : 'No tenant has received an e-mail yet.'}
              </Typography>
              {filtered && (
                <Button
                  sx={{ mt: 1 }}
                  onClick={() => setFilters({ search: '', state: '', unrecognised: false, tenantId: null, page: 1 })}
                >
                  Clear filters
                </Button>
              )}
            </Box>
          }
          footer={
            data && data.Total > 0 ? (
              <PageFooter
                page={data.Page}
                totalPages={data.TotalPages}
                total={data.Total}
                onPage={(page) => setFilters({ page })}
              />
            ) : undefined
          }
        />
      )}
    </>
  );
}

/** `/admin/parsing`: the e-mail intake across tenants — status, e-mails, test parsing, banned senders, mailboxes. */
export default function ParsingPage() {
  const [params, setParams] = useSearchParams();
  const status = useParsingStatus();
  const canManage = usePrivilege(Privilege.successAdminOrHigher);
  const tab = readTab(params);
  const [refreshing, setRefreshing] = useState(false);
  // Everything on the page: the status cards and whatever the open tab shows.
  const refresh = async () => {
    setRefreshing(true);
    await queryClient.invalidateQueries({ queryKey: parsingKeys.all });
    setRefreshing(false);
  };
  const replace = (p: URLSearchParams) => setParams(p, { replace: true });

  const changeTab = (value: TabValue) => {
    // Filters belong to the e-mails tab; other tabs start clean.
    const next = new URLSearchParams();
    if (value !== TABS[0].value) next.set('tab', value);
    setParams(next);
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Parsing"
        subtitle="The e-mail intake of every tenant: the queue, what arrived and how it parsed."
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
              Updates every {PARSING_STATUS_REFRESH_MS / 1000} s
            </Typography>
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void refresh()}
              loading={refreshing}
            >
              Refresh
            </Button>
          </Box>
        }
      />
      {status.isError && !status.data ? (
        <Box sx={{ mb: 3 }}>
          <QueryError error={status.error} onRetry={() => void status.refetch()} />
        </Box>
      ) : (
        <ParsingOverview status={status.data} loading={status.isPending} />
      )}
      <IntakeNodesCard nodes={status.data?.IntakeNodes ?? []} />
      <FalseGreensCard />

      <Tabs
        value={tab}
        onChange={(_e, v: TabValue) => changeTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Parsing sections"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} id={`parsing-tab-${t.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`parsing-tab-${tab}`}>
        {tab === 'emails' && <ProcessedEmailsTab params={params} setParams={replace} />}
        {tab === 'test' && (
          <>
            <SectionHeader
              title="Test parsing"
              subtitle="Check how Vigil reads a report before pointing a tenant's backup software at it."
            />
            <TestParsingPanel />
          </>
        )}
        {tab === 'banned' && <BannedSendersPanel canManage={canManage} />}
        {tab === 'mailboxes' && <MailboxesPanel canManage={canManage} />}
        {tab === 'parsers' && <TenantParsersPanel canManage={canManage} />}
      </Box>
    </>
  );
}
