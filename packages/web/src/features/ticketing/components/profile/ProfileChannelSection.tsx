// The settings of the profile's channel: the PSA's fields, the e-mail's, or the webhook's.
import Alert from '@mui/material/Alert';
import { PROFILE_MESSAGES } from '@vigil/contract';
import { usePermissions } from '../../../../lib/permissions';
import type { usePsaLookup } from '../../api/lookups';
import type { ProfileFormValues } from '../../profileForm';
import { EmailFields } from '../channel/EmailFields';
import { WebhookFields } from '../channel/WebhookFields';
import { PsaFields } from '../PsaFields';
import { ProfileSection as Section, type ChangeProfile, type ProfileErrors } from './ProfileSection';

type Lookup = ReturnType<typeof usePsaLookup>;

export function ProfileChannelSection({
  values,
  change,
  errors,
  psa,
  hasPsa,
  boards,
  sources,
  hasWebhookSecret,
}: {
  values: ProfileFormValues;
  change: ChangeProfile;
  errors: ProfileErrors;
  psa: { crmType: number; crmId: number | null; vendorName: string | null };
  hasPsa: boolean;
  boards: Lookup;
  sources: Lookup;
  hasWebhookSecret: boolean;
}) {
  const canReadCrm = usePermissions(['integration.getlinkedcrmsourcewithdefaults']);
  return (
    <>
      {values.Type === 'PSA' && hasPsa && (
        <Section title={`${psa.vendorName ?? 'PSA'} settings`}>
          {!canReadCrm ? (
            <Alert severity="warning">{PROFILE_MESSAGES.noCrmPermission}</Alert>
          ) : (
            <PsaFields
              crmType={psa.crmType}
              crmId={psa.crmId!}
              values={values}
              onChange={change}
              errors={errors}
              boards={boards}
              sources={sources}
            />
          )}
        </Section>
      )}
      {values.Type === 'Email' && (
        <Section title="E-mail settings">
          <EmailFields values={values} onChange={change} errors={errors} />
        </Section>
      )}
      {values.Type === 'Webhook' && (
        <Section title="Webhook settings">
          <WebhookFields values={values} onChange={change} errors={errors} hasSecret={hasWebhookSecret} />
        </Section>
      )}
    </>
  );
}
