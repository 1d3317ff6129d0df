import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { APP_VERSION, Messages, PRODUCT_NAME } from '@vigil/contract';
import { useSnackbar } from '../../components/snackbar';
import { copyText } from '../../lib/clipboard';

/** Platform §2: copyright year, link home and the version; in dev the version copies the tenant id. */
export function Footer({ tenantId, homePath = '/app' }: { tenantId: number | null; homePath?: string }) {
  const snackbar = useSnackbar();
  const year = new Date().getFullYear();
  const copyTenant = async () => {
    try {
      await copyText(String(tenantId ?? ''));
      snackbar.success(Messages.tenantIdCopied);
    } catch (err) {
      snackbar.error(err);
    }
  };
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 3 },
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        fontSize: 13,
      }}
    >
      <Typography component="span" sx={{ fontSize: 13 }}>
        © {year}{' '}
        <Link component={RouterLink} to={homePath} color="inherit" sx={{ fontWeight: 600 }}>
          {PRODUCT_NAME}
        </Link>
      </Typography>
      {import.meta.env.DEV ? (
        <Tooltip title="Copy tenant id" describeChild>
          <Button
            size="small"
            color="inherit"
            onClick={copyTenant}
            sx={{ fontSize: 12.5, fontWeight: 500, minWidth: 0 }}
          >
            {APP_VERSION}
          </Button>
        </Tooltip>
      ) : (
        <Typography component="span" sx={{ fontSize: 12.5 }}>
          {APP_VERSION}
        </Typography>
      )}
    </Box>
  );
}
