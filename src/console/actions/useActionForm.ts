import { mapServerErrors } from '../forms/mapServerErrors';

/**
 * Server errors -> form errors (first message per field), renamed by `fieldMap`. For forms not yet
 * on useContractForm (the user profile panels); useContractForm also places errors that have no
 * field in the form's general alert.
 */
export function toFormErrors(errors: Record<string, string[]> | null, fieldMap: Record<string, string> = {}): Record<string, string> {
  return mapServerErrors(errors, { fieldMap }).fields;
}
