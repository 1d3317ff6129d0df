// The add box above the Tags grid: Enter or the button adds the tag.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useCreateTag } from '../../../../lib/tagsApi';
import { MAX_LENGTH } from './tagText';

export function AddTagForm() {
  const snackbar = useSnackbar();
  const create = useCreateTag();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = value.trim();
    if (!v) return setError('Tag is required');
    try {
      await create.mutateAsync(v);
      setValue('');
      setError(null);
      snackbar.success('Successfully added');
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.TagValue) || resolveErrorMessage(err));
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: '14px', mb: 2, px: 2, py: 1.5 }}
      component="section"
      aria-label="Add tag"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          id="tag-new"
          size="small"
          label="New tag"
          value={value}
          onChange={(e) => {
            setValue(e.target.value.replace(/^\s+/, ''));
            setError(null);
          }}
          error={!!error}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          sx={{ width: 260, maxWidth: '100%' }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddRoundedIcon />}
          loading={create.isPending}
          sx={{ mt: 0.25 }}
        >
          Add tag
        </Button>
      </Box>
    </Paper>
  );
}
