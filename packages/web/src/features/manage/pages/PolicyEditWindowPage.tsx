import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@vigil/contract';
import { browserStorage } from '../../../lib/storage';
import { usePolicyTableUpdates } from '../../../lib/backupsApi';
import { PolicyEditor } from '../../../components/policy/PolicyEditor';
import { editorTitle, readPolicyIds } from '../../../lib/policyWindows';

/**
 * The backup editor windows (platform §2): `policy/edit/{policyId}/{withDefaults}/{activate}`
 * and `policies/edit/{storageKey}/{activate}`. Saving tells the opener through the broadcast
 * channel, then the window closes.
 */
export default function PolicyEditWindowPage() {
  const { policyId, storageKey, activate } = useParams();
  const navigate = useNavigate();
  usePolicyTableUpdates();
  const ids = useMemo(
    () => (policyId ? [Number(policyId)].filter((x) => x > 0) : readPolicyIds(browserStorage(), storageKey)),
    [policyId, storageKey],
  );
  const activating = activate === 'true';
  useEffect(() => {
    document.title = `${editorTitle(ids)} · ${PRODUCT_NAME}`;
  }, [ids]);
  const close = () => {
    window.close();
    window.setTimeout(() => {
      if (!window.closed) void navigate(activating ? '/app/manage/activate-backups' : '/app/manage/edit-backups');
    }, 150);
  };
  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <PolicyEditor ids={ids} activate={activating} onDone={close} onCancel={close} />
    </Box>
  );
}
