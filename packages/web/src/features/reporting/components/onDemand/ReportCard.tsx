// One report of the catalogue as a card to choose.
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ReportCatalogue } from '@vigil/contract';

export type CatalogueEntry = ReportCatalogue[number]['reports'][number];

export function ReportCard({
  entry,
  selected,
  onSelect,
}: {
  entry: CatalogueEntry;
  selected: boolean;
  onSelect: () => void;
}) {
  const theme = useTheme();
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      data-report-type={entry.type}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderRadius: 2,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
        p: 2,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{entry.title}</Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>{entry.description}</Typography>
    </ButtonBase>
  );
}
