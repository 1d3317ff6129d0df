// The foot of the login activity table: which page of how many sign-ins, and the pages.
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { LoginActivity, Paged } from '@vigil/contract';

export function LoginActivityFooter({
  data,
  page,
  onPage,
}: {
  data: Paged<LoginActivity>;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
        Page {data.Page} of {Math.max(1, data.TotalPages)} · {data.Total.toLocaleString()} sign-in
        {data.Total === 1 ? '' : 's'}
      </Typography>
      {data.TotalPages > 1 && (
        <Pagination
          count={data.TotalPages}
          page={page}
          shape="rounded"
          color="primary"
          onChange={(_e, p) => onPage(p)}
        />
      )}
    </Box>
  );
}
