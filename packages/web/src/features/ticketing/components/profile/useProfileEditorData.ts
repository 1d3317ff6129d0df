// What the profile editor loads: the linked PSA, its boards and sources, the profile, the SMTP settings.
import { BOARD_TYPES, SOURCE_TYPES } from '@vigil/contract';
import { usePsaLookup, useSmtpSettings } from '../../api/lookups';
import { useProfile, useProfilePsa } from '../../api/profiles';

export function useProfileEditorData(profileId: number | null) {
  const psa = useProfilePsa();
  // A failed PSA config load counts as no PSA: the form still works for e-mail and webhooks.
  const crmType = psa.isError ? 0 : (psa.data?.CrmTypeId ?? 0);
  const crmId = psa.isError ? null : (psa.data?.Id ?? null);
  const boards = usePsaLookup(crmId, 'service-boards', { enabled: BOARD_TYPES.includes(crmType as never) });
  const sources = usePsaLookup(crmId, 'sources', { enabled: SOURCE_TYPES.includes(crmType as never) });
  const profile = useProfile(profileId);
  // A new e-mail profile starts on the tenant's default SMTP setting.
  const smtp = useSmtpSettings();
  const waiting =
    psa.isPending ||
    (!!profileId && profile.isPending) ||
    (!profileId && smtp.isPending) ||
    (BOARD_TYPES.includes(crmType as never) && boards.isPending && !!crmId) ||
    (SOURCE_TYPES.includes(crmType as never) && sources.isPending && !!crmId);
  return { psa, crmType, crmId, boards, sources, profile, smtp, waiting };
}
