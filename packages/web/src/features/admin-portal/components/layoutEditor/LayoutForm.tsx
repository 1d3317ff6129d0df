// The form of a dashboard layout: name, description, tiles with a preview; checked before saving.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { DashboardLayout } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useSaveLayout } from '../../api/layouts';
import { draftFromLayout, editorPath, layoutInput, validateLayout, type LayoutDraft } from '../../layoutDraft';
import { LayoutPreview } from '../LayoutPreview';
import { LayoutDetailsFields } from './LayoutDetailsFields';
import { LayoutTilesSection } from './LayoutTilesSection';

export function LayoutForm({ layout, onClose }: { layout: DashboardLayout | null; onClose: () => void }) {
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
          <LayoutDetailsFields draft={draft} errors={errors} update={update} />
          <LayoutTilesSection draft={draft} errors={errors} update={update} />
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
