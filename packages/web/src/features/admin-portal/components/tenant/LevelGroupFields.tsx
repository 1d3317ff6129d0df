// The level of a new tenant user and its group, from the groups that fit the level.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GroupType, UserLevel, type AdminTenantGroup } from '@vigil/contract';

const LEVELS = [
  { value: UserLevel.Administrator, label: 'Administrator' },
  { value: UserLevel.Standard, label: 'Standard User' },
  { value: UserLevel.Client, label: 'Client' },
];

export function LevelGroupFields({
  groups,
  level,
  setLevel,
  groupId,
  setGroupId,
  errors,
}: {
  groups: readonly AdminTenantGroup[];
  level: number;
  setLevel: (level: number) => void;
  groupId: number | '';
  setGroupId: (id: number | '') => void;
  errors: Record<string, string>;
}) {
  const fitting = groups.filter((g) =>
    level === UserLevel.Client ? g.Type === GroupType.Client : g.Type === GroupType.Standard,
  );
  return (
    <>
      <TextField
        select
        label="Level"
        value={level}
        onChange={(e) => {
          setLevel(Number(e.target.value));
          setGroupId('');
        }}
        error={!!errors.Level}
        helperText={errors.Level}
      >
        {LEVELS.map((l) => (
          <MenuItem key={l.value} value={l.value}>
            {l.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Group"
        value={groupId}
        onChange={(e) => setGroupId(e.target.value === '' ? '' : Number(e.target.value))}
        error={!!errors.GroupId}
        helperText={errors.GroupId ?? 'Left empty: the default group of the level'}
      >
        <MenuItem value="">Default group</MenuItem>
        {fitting.map((g) => (
          <MenuItem key={g.Id} value={g.Id}>
            {g.Name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
