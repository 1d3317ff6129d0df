// Board-based PSAs: the ticket type, subtype and (ConnectWise) item under the chosen board.
import { CrmType } from '@vigil/contract';
import { usePsaLookup } from '../../api/lookups';
import { LookupSelect } from '../LookupSelect';
import type { PsaPartProps } from './psaKinds';

export function BoardTypeFields({ crmType, crmId, v, set, kind: { usesBoard, helpdesk } }: PsaPartProps) {
  const types = usePsaLookup(crmId, 'board-types', {
    parent: v.DefaultCrmBoard,
    enabled: usesBoard && !helpdesk && !!v.DefaultCrmBoard,
  });
  const subtypes = usePsaLookup(crmId, 'board-subtypes', {
    parent: v.DefaultCrmBoard,
    query: { typeId: v.TypeId },
    enabled: usesBoard && !helpdesk && !!v.DefaultCrmBoard && !!v.TypeId,
  });
  const items = usePsaLookup(crmId, 'board-items', {
    parent: v.DefaultCrmBoard,
    query: { subTypeId: v.SubTypeId },
    enabled: crmType === CrmType.ConnectWise && !!v.DefaultCrmBoard && !!v.SubTypeId,
  });
  if (!(usesBoard && !helpdesk && v.DefaultCrmBoard)) return null;
  return (
    <>
      <LookupSelect id="profile-type" label="Type" lookup={types} value={v.TypeId} onChange={set('TypeId')} />
      {v.TypeId && (
        <LookupSelect
          id="profile-subtype"
          label="Subtype"
          lookup={subtypes}
          value={v.SubTypeId}
          onChange={set('SubTypeId')}
        />
      )}
      {crmType === CrmType.ConnectWise && v.SubTypeId && (
        <LookupSelect id="profile-item" label="Item" lookup={items} value={v.ItemId} onChange={set('ItemId')} />
      )}
    </>
  );
}
