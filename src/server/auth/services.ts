import type { AppDeps } from '../deps';
import { RecaptchaVerifier, type CaptchaVerifier } from './captcha';
import { LoginThrottle } from './throttle';

/**
 * The login's collaborators, one set per app instance. They hang off the deps object (not a
 * module global) so two apps in one process — tests — never share a throttle or a verifier.
 */
export interface AuthServices {
  captcha: CaptchaVerifier;
  throttle: LoginThrottle;
}

const byDeps = new WeakMap<AppDeps, AuthServices>();

/** Sets the services of an app; what is not given keeps its current or default value. */
export function provideAuthServices(deps: AppDeps, services: Partial<AuthServices>): AuthServices {
  const merged = { ...authServices(deps), ...services };
  byDeps.set(deps, merged);
  return merged;
}

export function authServices(deps: AppDeps): AuthServices {
  let services = byDeps.get(deps);
  if (!services) {
    services = { captcha: new RecaptchaVerifier(deps.config.recaptchaSecret), throttle: new LoginThrottle() };
    byDeps.set(deps, services);
  }
  return services;
}
