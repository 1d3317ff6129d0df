// ServiceNow's category and subcategory, urgency and impact, assignment group and caller.
import { usePsaLookup } from '../../api/lookups';
import { LookupSelect } from '../LookupSelect';
import type { PsaPartProps } from './psaKinds';
import { ServiceNowPriorityFields } from './ServiceNowPriorityFields';

export function ServiceNowFields({ crmId, v, set }: PsaPartProps) {
  const snCategories = usePsaLookup(crmId, 'categories', { enabled: true });
  const subcategories = usePsaLookup(crmId, 'subcategories', {
    query: { category: v.Category },
    enabled: !!v.Category,
  });
  const groups = usePsaLookup(crmId, 'groups', { enabled: true });
  const callers = usePsaLookup(crmId, 'callers', {
    query: { company: v.CatchAllCompany },
    enabled: !!v.CatchAllCompany,
  });
  const idle = { data: undefined, isLoading: false, isError: false };
  return (
    <>
      <LookupSelect
        id="profile-sn-category"
        label="Category"
        lookup={snCategories}
        value={v.Category}
        onChange={set('Category')}
      />
      {v.Category && (
        <LookupSelect
          id="profile-sn-subcategory"
          label="Subcategory"
          lookup={subcategories}
          value={v.Subcategory}
          onChange={set('Subcategory')}
        />
      )}
      <ServiceNowPriorityFields crmId={crmId} v={v} set={set} />
      <LookupSelect
        id="profile-group"
        label="Assignment group"
        lookup={groups}
        value={v.Group}
        onChange={set('Group')}
      />
      <LookupSelect
        id="profile-caller"
        label="Caller"
        lookup={v.CatchAllCompany ? callers : idle}
        value={v.Caller}
        onChange={set('Caller')}
        disabled={!v.CatchAllCompany}
        helperText={v.CatchAllCompany ? undefined : 'Choose the catch-all company first'}
      />
    </>
  );
}
