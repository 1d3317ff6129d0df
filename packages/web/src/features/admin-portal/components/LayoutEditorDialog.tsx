import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { DashboardLayout } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useDashboardLayout, useSaveLayout } from '../api/layouts';
import { draftFromLayout, editorPath, layoutInput, newTile, validateLayout, type LayoutDraft } from '../layoutDraft';
import { LayoutPreview } from './LayoutPreview';
import { LayoutTileRow } from './LayoutTileRow';

/** Create (`id` "new") or edit a dashboard layout; null keeps the dialog closed. */
export function LayoutEditorDialog({ id, onClose }: { id: number | 'new' | null; onClose: () => void }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const loaded = useDashboardLayout(typeof id === 'number' ? id : null);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={small}
      aria-labelledby="layout-editor-title"
    >
      <DialogTitle id="layout-editor-title">
        {id === 'new' ? 'New dashboard layout' : 'Edit dashboard layout'}
      </DialogTitle>
      {id === 'new' ? (
        <LayoutForm key="new" layout={null} onClose={onClose} />
      ) : loaded.isError ? (
        <DialogContent>
          <QueryError error={loaded.error} onRetry={() => void loaded.refetch()} />
        </DialogContent>
      ) : loaded.data && loaded.data.id === id ? (
        <LayoutForm key={id} layout={loaded.data} onClose={onClose} />
      ) : (
        <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <CircularProgress aria-label="Loading layout" />
        </DialogContent>
      )}
    </Dialog>
  );
}

function LayoutForm({ layout, onClose }: { layout: DashboardLayout | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const save = useSaveLayout();
  const [draft, setDraft] = useState<LayoutDraft>(() => draftFromLayout(layout));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = submitted ? { ...serverErrors, ...validateLayout(draft) } : serverErrors;

  const update = (next: LayoutDraft) => {
    setDraft(next);
    setServerErrors({});
  };
  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(validateLayout(draft)).length) return;
    try {
      const saved = await save.mutateAsync(layoutInput(draft));
      snackbar.success(`Layout "${saved.name}" saved`);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [editorPath(k), v]));
        setServerErrors(fields);
      }
      snackbar.error(err);
    }
  };

  return (
    <>
      <DialogContent>
        <Box
          component="form"
          id="layout-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            id="layout-name"
            label="Name"
            required
            value={draft.name}
            onChange={(e) => update({ ...draft, name: e.target.value })}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            id="layout-description"
            label="Description"
            multiline
            minRows={2}
            value={draft.description}
            onChange={(e) => update({ ...draft, description: e.target.value })}
            error={!!errors.description}
            helperText={errors.description ?? 'Shown to tenants when they pick a layout for a new dashboard.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
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
          {draft.tiles.length > 0 && <LayoutPreview tiles={draft.tiles} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="layout-form" variant="contained" loading={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
