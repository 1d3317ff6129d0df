// When an API key was last used: relative, with the exact time in the tenant's zone on hover.
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ApiKeyItem } from '@vigil/contract';
import { relativeTime } from '../../../../lib/format';
import type { TenantFormats } from '../../../../lib/tenantFormats';

export function apiKeyLastUsed(k: ApiKeyItem, formats: TenantFormats) {
  return k.LastUsedAt ? (
    <Tooltip title={formats.dateTime(k.LastUsedAt)}>
      <span>{relativeTime(k.LastUsedAt)}</span>
    </Tooltip>
  ) : (
    <Typography component="span" sx={{ color: 'text.secondary', fontSize: 'inherit' }}>
      Never
    </Typography>
  );
}
