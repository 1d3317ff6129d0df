// Which server the tenant's mail goes through now: the default SMTP server or the system's.
import Alert from '@mui/material/Alert';
import type { EmailSettings } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';

export function SmtpStateAlert({ byDefault, hasServers }: { byDefault: EmailSettings | null; hasServers: boolean }) {
  const formats = useTenantFormats();
  return (
    <Alert severity={byDefault ? 'success' : 'info'} variant="outlined" data-testid="smtp-state">
      {byDefault
        ? `Mail is sent through ${byDefault.Host}:${byDefault.Port} as ${byDefault.FromAddress} (saved ${formats.dateTime(byDefault.UpdatedAt)}).`
        : hasServers
          ? 'Mail is sent by the system mail server. None of your SMTP servers is the default.'
          : 'Mail is sent by the system mail server.'}
    </Alert>
  );
}
