import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { saveBlob } from '../../lib/download';
import { CopyButton } from '../CopyButton';

/** The text file a user keeps: the codes, one a line, with what they are for. */
function codesFile(codes: string[], account?: string): string {
  const lines = [
    `Vigil recovery codes${account ? ` for ${account}` : ''}`,
    `Created ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once in place of the code from your authenticator app.',
    'Keep them somewhere safe. New codes make these ones stop working.',
    '',
    ...codes,
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The ten one-time recovery codes, shown this once (only their hashes are stored): a grid to read,
 * a .txt download and a copy button, and the button that says they were saved.
 */
export function RecoveryCodesPanel({
  codes,
  account,
  doneLabel = 'I have saved my codes',
  onDone,
}: {
  codes: string[];
  /** The account's e-mail, written into the downloaded file. */
  account?: string;
  doneLabel?: string;
  onDone: () => void;
}) {
  const download = () =>
    saveBlob(new Blob([codesFile(codes, account)], { type: 'text/plain;charset=utf-8' }), 'vigil-recovery-codes.txt');
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Box>
        <Typography sx={{ fontWeight: 650, mb: 0.5 }}>Save your recovery codes</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
          If you lose your phone, each of these codes signs you in once instead of the authenticator’s code.
        </Typography>
      </Box>
      <Alert severity="warning">They are shown only now. Download them or write them down before you go on.</Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={(t) => ({
          listStyle: 'none',
          m: 0,
          p: 1.5,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: 1,
          borderRadius: '8px',
          border: 1,
          borderColor: 'divider',
          bgcolor: alpha(t.palette.text.primary, 0.04),
        })}
      >
        {codes.map((c) => (
          <Typography
            key={c}
            component="li"
            sx={{
              fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
              fontSize: 15,
              fontWeight: 600,
              letterSpacing: '0.04em',
              textAlign: 'center',
            }}
          >
            {c}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadRoundedIcon />} onClick={download}>
          Download (.txt)
        </Button>
        <CopyButton text={codes.join('\n')} label="Copy recovery codes" successMessage="Recovery codes copied" />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Stack>
  );
}
