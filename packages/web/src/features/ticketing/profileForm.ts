/**
 * The ticket profile form (features §3.3, §5.1). The form holds Type as text and every id as a
 * string; the payload turns them back into numbers or null. Pure, so the rules are tested
 * without a browser. One concern per file under profileModel/.
 */
export {
  idOrNull,
  TYPE_NUMBER,
  type ProfileField,
  type ProfileFormValues,
  type ProfileTypeText,
} from './profileModel/values';
export { emptyProfile } from './profileModel/emptyProfile';
export { defaultSourceId, profileToForm } from './profileModel/toForm';
export { formToPayload } from './profileModel/toPayload';
export { isValidEmail, validateProfile } from './profileModel/validate';
export { changeProfile } from './profileModel/change';
