// The message text in markdown, with a preview of the banner as users will see it.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGE_TEXT_MAX } from '@vigil/contract';
import { MessageBanner } from '../../../../components/messages/MessageBanner';
import type { Draft, SetDraft } from './messageDraft';

export type EditorTab = 'write' | 'preview';

export function MessageTextTabs({
  draft,
  set,
  error,
  tab,
  setTab,
}: {
  draft: Draft;
  set: SetDraft;
  error?: string;
  tab: EditorTab;
  setTab: (tab: EditorTab) => void;
}) {
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: EditorTab) => setTab(v)} sx={{ minHeight: 36, mb: 1 }}>
        <Tab value="write" label="Write" sx={{ minHeight: 36 }} />
        <Tab value="preview" label="Preview" sx={{ minHeight: 36 }} />
      </Tabs>
      {tab === 'write' ? (
        <TextField
          label="Text"
          placeholder="Markdown: **bold**, _italic_, [link](https://…), lists"
          multiline
          minRows={5}
          maxRows={14}
          fullWidth
          value={draft.Text}
          onChange={(e) => set('Text', e.target.value)}
          error={!!error}
          helperText={error || `${draft.Text.length} / ${MESSAGE_TEXT_MAX} · Markdown`}
          slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX, 'aria-label': 'Text' } }}
        />
      ) : draft.Text.trim() ? (
        <Box aria-label="Preview" sx={{ minHeight: 138 }}>
          <MessageBanner message={draft} onDismiss={draft.IsDismissible ? () => undefined : undefined} />
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary', minHeight: 138, pt: 2 }}>Nothing to preview yet.</Typography>
      )}
    </Box>
  );
}
