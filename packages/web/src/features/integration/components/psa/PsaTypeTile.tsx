// One PSA type as a tile: its initials, name and a line on how it connects.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { CRM_VENDORS, type CrmVendor } from '@vigil/contract';

/** What each PSA is, in a line; no logos, the name carries it. */
const BLURBS: Record<CrmVendor, string> = {
  autotask: 'Datto / Kaseya Autotask PSA, REST API',
  connectwise: 'ConnectWise PSA (Manage), REST API with API member keys',
  halopsa: 'HaloPSA, OAuth client credentials',
  haloitsm: 'HaloITSM, OAuth client credentials',
  kaseyabms: 'Kaseya BMS, API user and password',
  servicenow: 'ServiceNow incidents, integration user',
  syncromsp: 'SyncroMSP tickets, API token',
};

function initials(label: string): string {
  return label
    .split(/[\s/]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

export function PsaTypeTile({ vendor, onChoose }: { vendor: CrmVendor; onChoose: (vendor: CrmVendor) => void }) {
  const { label } = CRM_VENDORS[vendor];
  return (
    <ButtonBase
      onClick={() => onChoose(vendor)}
      aria-label={`Connect ${label}`}
      sx={(t) => ({
        flex: 1,
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'flex-start',
        textAlign: 'left',
        gap: 1.5,
        p: 2,
        borderRadius: '14px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover, &.Mui-focusVisible': {
          borderColor: 'primary.main',
          boxShadow: `0 0 0 3px ${alpha(t.palette.primary.main, 0.15)}`,
        },
      })}
    >
      <Box
        aria-hidden
        sx={(t) => ({
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: '10px',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 14,
          color: 'primary.main',
          bgcolor: alpha(t.palette.primary.main, 0.1),
        })}
      >
        {initials(label)}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 650 }}>{label}</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 13, mt: 0.25 }}>{BLURBS[vendor]}</Typography>
      </Box>
    </ButtonBase>
  );
}
