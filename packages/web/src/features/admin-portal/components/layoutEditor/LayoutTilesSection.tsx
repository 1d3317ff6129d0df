// The tiles of a layout being edited: add one, and a row per tile to change or remove it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { newTile, type LayoutDraft } from '../../layoutDraft';
import { LayoutTileRow } from './LayoutTileRow';

export function LayoutTilesSection({
  draft,
  errors,
  update,
}: {
  draft: LayoutDraft;
  errors: Record<string, string>;
  update: (next: LayoutDraft) => void;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          Tiles ({draft.tiles.length})
        </Typography>
        <Button
          startIcon={<AddRoundedIcon />}
          onClick={() => update({ ...draft, tiles: [...draft.tiles, newTile(draft.tiles)] })}
          disabled={draft.tiles.length >= 50}
        >
          Add tile
        </Button>
      </Box>
      {errors.tiles && (
        <Typography color="error" sx={{ fontSize: 14 }}>
          {errors.tiles}
        </Typography>
      )}
      {draft.tiles.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
          No tiles yet. A layout without tiles gives an empty dashboard.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Tiles" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {draft.tiles.map((t, i) => (
            <LayoutTileRow
              key={t.key}
              tile={t}
              index={i}
              errors={errors}
              onChange={(next) => update({ ...draft, tiles: draft.tiles.map((x) => (x.key === t.key ? next : x)) })}
              onRemove={() => update({ ...draft, tiles: draft.tiles.filter((x) => x.key !== t.key) })}
            />
          ))}
        </Box>
      )}
    </>
  );
}
