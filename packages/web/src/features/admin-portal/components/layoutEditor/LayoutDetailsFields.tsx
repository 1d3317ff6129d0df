// The name and description of a dashboard layout being edited.
import TextField from '@mui/material/TextField';
import type { LayoutDraft } from '../../layoutDraft';

export function LayoutDetailsFields({
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
    </>
  );
}
