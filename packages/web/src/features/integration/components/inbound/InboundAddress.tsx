// An inbound address in code type, large for the tenant's own and small for examples.
import Typography from '@mui/material/Typography';

export function InboundAddress({ value, size }: { value: string; size: 'large' | 'small' }) {
  return (
    <Typography
      component="code"
      data-testid={size === 'large' ? 'inbound-address' : undefined}
      sx={{
        fontSize: size === 'large' ? { xs: 16, sm: 24 } : { xs: 13, sm: 14 },
        fontWeight: size === 'large' ? 650 : 500,
        letterSpacing: size === 'large' ? '-0.01em' : 0,
        overflowWrap: 'anywhere',
        minWidth: 0,
      }}
    >
      {value}
    </Typography>
  );
}
