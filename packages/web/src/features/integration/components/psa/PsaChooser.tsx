// No PSA yet: the PSA types to choose from (for those who may edit integrations).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CrmVendor } from '@vigil/contract';
import { SectionHeader } from '../../../../components/SectionHeader';
import { PsaTypeTiles } from './PsaTypeTiles';

export function PsaChooser({ canEdit, onChoose }: { canEdit: boolean; onChoose: (v: CrmVendor) => void }) {
  return (
    <Box component="section" aria-labelledby="psa-choose-title">
      <SectionHeader
        id="psa-choose-title"
        title="Choose your PSA"
        subtitle="One PSA per account. You can switch later; companies synced from the old one become local."
      />
      {canEdit ? (
        <PsaTypeTiles onChoose={onChoose} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          No PSA is connected. Ask an administrator to connect one.
        </Typography>
      )}
    </Box>
  );
}
