// Shows or hides Daily Activity's filters, with how many are set.
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';

export function FiltersToggle({
  activeCount,
  open,
  onToggle,
}: {
  activeCount: number;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      onClick={onToggle}
      aria-label={activeCount ? `Filters, ${activeCount} set` : 'Filters'}
      aria-expanded={open}
      aria-controls="daily-filters"
      color="inherit"
      startIcon={
        <Badge badgeContent={activeCount} color="primary" invisible={activeCount === 0}>
          <FilterListRoundedIcon />
        </Badge>
      }
      sx={{ mt: 0.25 }}
    >
      Filters
    </Button>
  );
}
