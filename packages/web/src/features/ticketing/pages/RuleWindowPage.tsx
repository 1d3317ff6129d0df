import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/QueryError';
import { useRule } from '../api/rules';
import { RuleForm } from '../components/RuleForm';

/** Window edit-rule/{ruleId} ("new" creates one); closes after saving. */
export default function RuleWindowPage() {
  const params = useParams();
  const id = Number(params.ruleId) || null;
  const rule = useRule(id);
  const close = () => window.close();
  let body;
  if (params.ruleId !== 'new' && !id) body = <Typography color="error">This ticket rule does not exist.</Typography>;
  else if (id && rule.isPending) body = <CircularProgress aria-label="Loading ticket rule" />;
  else if (id && rule.isError) body = <QueryError error={rule.error} onRetry={() => void rule.refetch()} />;
  else body = <RuleForm key={rule.data?.Id ?? 'new'} rule={rule.data ?? null} onSaved={close} onCancel={close} />;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {rule.data ? `Edit ${rule.data.Name}` : id ? `Edit Ticket Rule #${id}` : 'New Ticket Rule'}
      </Typography>
      {body}
    </Box>
  );
}
