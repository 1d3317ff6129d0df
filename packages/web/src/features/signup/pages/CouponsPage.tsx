import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { CouponRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useCoupons, useDeleteCoupon } from '../api/sales';
import { CouponDialog } from '../components/CouponDialog';

const mono = { fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace', fontWeight: 600 };
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function State({ c }: { c: CouponRow }) {
  if (c.IsRedeemable) return <Chip size="small" color="success" label="Active" />;
  const usedUp = c.MaxRedemptions !== null && c.Redemptions >= c.MaxRedemptions;
  return <Chip size="small" variant="outlined" label={usedUp ? 'Used up' : 'Expired'} />;
}

/** `/admin/coupons`: codes new MSPs enter at sign-up. */
export default function CouponsPage() {
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !coupons.data) return coupons.data;
    return coupons.data.filter((c) => c.Code.toLowerCase().includes(q) || c.Description.toLowerCase().includes(q));
  }, [coupons.data, search]);

  const columns: Column<CouponRow>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (c) => (
        <Box>
          <Typography component="code" sx={{ ...mono, fontSize: 14 }}>
            {c.Code}
          </Typography>
          {c.Description && <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{c.Description}</Typography>}
        </Box>
      ),
    },
    { key: 'gives', header: 'Gives', nowrap: true, render: (c) => c.Summary },
    {
      key: 'used',
      header: 'Redeemed',
      nowrap: true,
      hideBelow: 'sm',
      render: (c) => (c.MaxRedemptions === null ? `${c.Redemptions}` : `${c.Redemptions} of ${c.MaxRedemptions}`),
    },
    {
      key: 'expires',
      header: 'Last day',
      nowrap: true,
      hideBelow: 'md',
      render: (c) => (c.ExpiresAt ? day(c.ExpiresAt) : 'Never'),
    },
    { key: 'state', header: 'State', nowrap: true, render: (c) => <State c={c} /> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (c) => (
        <DeleteIconButton
          label={`Delete coupon ${c.Code}`}
          onClick={() =>
            setConfirm({
              title: 'Delete coupon',
              subject: c.Code,
              confirmLabel: 'Yes, Delete',
              action: async () => {
                await remove.mutateAsync(c.Id);
                snackbar.success('Successfully deleted');
              },
            })
          }
        />
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        eyebrow="Admin Portal"
        title="Coupons"
        subtitle="Codes a new MSP can enter when signing up: a discount or a longer trial. Deleting a coupon stops further use; accounts that redeemed it keep what it gave them."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            New coupon
          </Button>
        }
      />
      {coupons.isError ? (
        <QueryError error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : (
        <DataTable
          caption="Coupons"
          columns={columns}
          rows={rows}
          rowKey={(c) => c.Id}
          loading={coupons.isPending}
          toolbar={<SearchField id="coupon-search" label="Search coupons" value={search} onChange={setSearch} />}
        />
      )}
      <CouponDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
