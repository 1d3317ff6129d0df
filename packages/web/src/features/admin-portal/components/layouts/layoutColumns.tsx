// The columns of the dashboard layouts table: layout, tiles, updated (UTC), published switch, actions.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DashboardLayout } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { srOnly } from '../../../../components/srOnly';
import { plural } from '../../../../lib/insightText';
import { formatUtc } from '../../../../lib/utcFormat';
import { TILE_TYPE_LABELS } from '../layoutEditor/tileLabels';
import { LayoutRowActions } from './LayoutRowActions';

export function layoutColumns({
  toggle,
  onEdit,
  onDelete,
}: {
  toggle: (l: DashboardLayout, on: boolean) => Promise<void>;
  onEdit: (id: number) => void;
  onDelete: (l: DashboardLayout) => void;
}): Column<DashboardLayout>[] {
  return [
    {
      key: 'name',
      header: 'Layout',
      render: (l) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{l.name}</Typography>
          {l.description && (
            <Typography sx={{ color: 'text.secondary', fontSize: 13, overflowWrap: 'anywhere' }}>
              {l.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'tiles',
      header: 'Tiles',
      hideBelow: 'sm',
      render: (l) => (
        <Tooltip title={l.tiles.map((t) => `${t.title} (${TILE_TYPE_LABELS[t.type]})`).join(', ')}>
          <span>{plural(l.tiles.length, 'tile')}</span>
        </Tooltip>
      ),
    },
    { key: 'updated', header: 'Updated', hideBelow: 'md', nowrap: true, render: (l) => formatUtc(l.updatedAt) },
    {
      key: 'published',
      header: 'Published',
      render: (l) => (
        <FormControlLabel
          control={
            <Switch
              checked={l.isPublished}
              onChange={(_e, on) => void toggle(l, on)}
              slotProps={{ input: { 'aria-label': `Publish ${l.name}` } }}
            />
          }
          label={l.isPublished ? 'Published' : 'Draft'}
          sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 14, minWidth: 70 } }}
        />
      ),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      nowrap: true,
      render: (l) => <LayoutRowActions l={l} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}
