/** Checks a captcha response token; used at login only when settings.captchaIsEnabled. */
export interface CaptchaVerifier {
  verify(token: string, ip: string | null): Promise<boolean>;
}

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * Google reCAPTCHA siteverify. Without a secret, or when Google cannot be reached, it answers
 * false: an unverifiable captcha must not let a login through.
 */
export class RecaptchaVerifier implements CaptchaVerifier {
  constructor(
    private readonly secret: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(token: string, ip: string | null): Promise<boolean> {
    if (!this.secret || !token) return false;
    const form = new URLSearchParams({ secret: this.secret, response: token });
    if (ip) form.set('remoteip', ip);
    try {
      const res = await this.fetchImpl(SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: unknown };
      return body.success === true;
    } catch (err) {
      console.warn('[auth] reCAPTCHA verification failed:', (err as Error).message);
      return false;
    }
  }
}
