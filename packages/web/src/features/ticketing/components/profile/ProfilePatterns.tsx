// The subject and (PSA and webhook) description patterns of a ticket profile, with their defaults.
import { DEFAULT_SUBJECTS, DEFAULT_TICKET_DESCRIPTION, type TicketGroupByValue } from '@vigil/contract';
import { useCustomSubjects } from '../../api/subjects';
import type { ProfileFormValues } from '../../profileForm';
import { PatternEditor } from '../PatternEditor';
import type { ChangeProfile, ProfileErrors } from './ProfileSection';

export function ProfilePatterns({
  values,
  change,
  errors,
  groupBy,
}: {
  values: ProfileFormValues;
  change: ChangeProfile;
  errors: ProfileErrors;
  groupBy: TicketGroupByValue;
}) {
  const subjects = useCustomSubjects();
  const globalSubject = subjects.data?.find((s) => s.GroupBy === groupBy)?.Pattern ?? DEFAULT_SUBJECTS[groupBy];
  return (
    <>
      <PatternEditor
        id="profile-subject"
        label="Subject"
        value={values.CustomSubject}
        onChange={(CustomSubject) => change({ CustomSubject })}
        groupBy={groupBy}
        error={errors.CustomSubject}
        helperText={values.CustomSubject ? undefined : `Default template will be used: ${globalSubject}`}
        emptyPreview="Default template will be used"
      />
      {values.Type !== 'Email' && (
        <PatternEditor
          id="profile-description"
          label="Description"
          multiline
          value={values.CustomDescription}
          onChange={(CustomDescription) => change({ CustomDescription })}
          groupBy={groupBy}
          error={errors.CustomDescription}
          helperText={
            values.CustomDescription
              ? 'The backups, their statuses and (when included) the failure text follow this text'
              : `Empty: "${DEFAULT_TICKET_DESCRIPTION}" is used`
          }
        />
      )}
    </>
  );
}
