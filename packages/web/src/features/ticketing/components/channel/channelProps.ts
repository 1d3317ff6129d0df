// The props the profile's channel field groups share.
import type { ProfileField, ProfileFormValues } from '../../profileForm';

export interface ChannelProps {
  values: ProfileFormValues;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  errors: Partial<Record<ProfileField, string>>;
}
