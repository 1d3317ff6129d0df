import Box from '@mui/material/Box';
import { CRM_VENDORS, type CrmVendor } from '@vigil/contract';
import { PsaTypeTile } from './PsaTypeTile';

/** The seven PSAs as tiles; choosing one opens its credential form. */
export function PsaTypeTiles({ onChoose }: { onChoose: (vendor: CrmVendor) => void }) {
  return (
    <Box
      role="list"
      aria-label="PSA types"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
    >
      {(Object.keys(CRM_VENDORS) as CrmVendor[]).map((vendor) => (
        <Box role="listitem" key={vendor} sx={{ display: 'flex' }}>
          <PsaTypeTile vendor={vendor} onChoose={onChoose} />
        </Box>
      ))}
    </Box>
  );
}
