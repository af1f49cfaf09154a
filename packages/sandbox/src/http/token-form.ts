/**
 * The token endpoint's form body: each field once, a supported `grant_type`, then the spec's schema of
 * that grant, so an error names the real problem ("code is required", not the other grant's fields).
 * Every failure is an RFC 6749 §5.2 error.
 */
import { validateAuthorizationCodeTokenRequest, validateRefreshTokenRequest } from '@commerce-kit/api-types/validators';
import { oauthError } from '../services/oauth.js';
import { toFieldErrors } from '../validation/field-errors.js';
import type { Validator } from '../validation/validator.js';

/** The schema of each grant: the branches of the spec's `TokenRequest` (its discriminator mapping). */
const GRANTS: Readonly<Record<string, Validator<unknown>>> = {
  authorization_code: validateAuthorizationCodeTokenRequest as Validator<unknown>,
  refresh_token: validateRefreshTokenRequest as Validator<unknown>,
};

const invalidRequest = (description: string, error = 'invalid_request'): never => {
  throw oauthError(400, error, description);
};

/** The form's fields, checked; throws the RFC 6749 error otherwise. */
export function parseTokenForm(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(form, name)) invalidRequest(`${name} is given more than once`);
    form[name] = value;
  }
  const grant = form['grant_type'];
  if (grant === undefined || grant === '')
    return invalidRequest('grant_type is required ("authorization_code" or "refresh_token")');
  const validate = Object.hasOwn(GRANTS, grant) ? GRANTS[grant] : undefined;
  if (validate === undefined)
    return invalidRequest(
      `grant_type ${JSON.stringify(grant)} is not supported: use "authorization_code" or "refresh_token"`,
      'unsupported_grant_type',
    );
  if (!validate(form)) {
    const errors = toFieldErrors(validate.errors, 'body');
    invalidRequest(
      Object.entries(errors)
        .map(([field, messages]) => `${field} ${messages.join(', ')}`)
        .join('; '),
    );
  }
  return form;
}
