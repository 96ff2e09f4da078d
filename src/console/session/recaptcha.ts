/**
 * Google reCAPTCHA v2 (checkbox), loaded only when the instance settings enable captcha: no
 * third-party script reaches the page otherwise.
 */
export interface ReCaptchaApi {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (response: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      theme?: 'light' | 'dark';
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptchaApi;
    __panelRecaptchaLoaded?: () => void;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?onload=__panelRecaptchaLoaded&render=explicit';

let loading: Promise<ReCaptchaApi> | null = null;

export function loadRecaptcha(): Promise<ReCaptchaApi> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<ReCaptchaApi>((resolve, reject) => {
    window.__panelRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The captcha could not be loaded. Check the connection and reload the page.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
