// The SMTP servers section: the stored servers, or how to add the first, and Add SMTP server.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { EmailSettings } from '@vigil/contract';
import { SmtpServerItem } from './SmtpServerItem';

export function SmtpServersList({
  all,
  current,
  adding,
  making,
  onAdd,
  onMakeDefault,
  onEdit,
  onDelete,
}: {
  all: EmailSettings[];
  current: EmailSettings | null;
  adding: boolean;
  making: number | null;
  onAdd: () => void;
  onMakeDefault: (s: EmailSettings) => Promise<void>;
  onEdit: (id: number) => void;
  onDelete: (s: EmailSettings) => void;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="SMTP servers"
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          SMTP servers
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AddRoundedIcon />}
          disabled={adding || (!all.length && current === null)}
          onClick={onAdd}
        >
          Add SMTP server
        </Button>
      </Box>
      {all.length ? (
        <Box component="ul" aria-label="SMTP servers" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {all.map((s) => (
            <SmtpServerItem
              key={s.Id}
              s={s}
              selected={current?.Id === s.Id}
              making={making}
              onMakeDefault={onMakeDefault}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Box>
      ) : (
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          No SMTP server yet. Fill in the form below to add your first one; it becomes the default.
        </Typography>
      )}
    </Paper>
  );
}
