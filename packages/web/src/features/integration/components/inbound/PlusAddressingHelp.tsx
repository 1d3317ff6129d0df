// How plus-addressing tags reports with a client code, with a copyable example.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { CopyButton } from '../../../../components/CopyButton';
import { plusAddress } from '../../../../lib/ingest';
import { InboundAddress } from './InboundAddress';

const EXAMPLE_TAG = 'clientcode';

export function PlusAddressingHelp({ address }: { address: string | undefined }) {
  const example = address ? plusAddress(address, EXAMPLE_TAG) : '';
  const local = address ? address.slice(0, address.lastIndexOf('@')) : '';
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <LocalOfferOutlinedIcon sx={{ color: 'text.secondary', mt: 0.25, fontSize: 20 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>Tag reports with a client code</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.25 }}>
          Add a plus sign and a code after{' '}
          <Box component="code" sx={{ fontSize: 13 }}>
            {local || 'your address'}
          </Box>{' '}
          and the report still arrives here. Vigil keeps the tag with every result, so backups can be mapped to the
          right company automatically.
        </Typography>
        {address && (
          <Box sx={{ mt: 1 }}>
            <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>For example</Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <InboundAddress value={example} size="small" />
              <CopyButton text={example} label="Copy example address" size="small" />
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
