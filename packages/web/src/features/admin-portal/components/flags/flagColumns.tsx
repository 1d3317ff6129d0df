// The columns of the feature flags table: flag, description, status and the on-for-all switch.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FeatureFlagRow } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { FlagStatusChip, FlagSwitch } from './flagCells';

export function flagColumns(
  isSuper: boolean,
  busyId: number | null,
  toggle: (flag: FeatureFlagRow, on: boolean) => Promise<void>,
): Column<FeatureFlagRow>[] {
  return [
    {
      key: 'key',
      header: 'Flag',
      render: (f) => (
        <Box>
          <Typography
            component="code"
            sx={{
              fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
              fontSize: 13.5,
              fontWeight: 600,
            }}
          >
            {f.Key}
          </Typography>
          {f.Description && (
            <Typography sx={{ color: 'text.secondary', fontSize: 13, display: { xs: 'block', md: 'none' } }}>
              {f.Description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      hideBelow: 'md',
      render: (f) => <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{f.Description || '—'}</Typography>,
    },
    { key: 'status', header: 'Status', nowrap: true, hideBelow: 'sm', render: (f) => <FlagStatusChip flag={f} /> },
    {
      key: 'switch',
      header: 'On for all',
      align: 'right',
      nowrap: true,
      render: (f) => <FlagSwitch f={f} isSuper={isSuper} busy={busyId === f.Id} onToggle={toggle} />,
    },
  ];
}
