import { useEffect, useRef, useState } from 'react';
import { Input, Loader, useComputedColorScheme } from '@mantine/core';
import { loadRecaptcha, type ReCaptchaApi } from './recaptcha';

interface Props {
  siteKey: string;
  onChange: (response: string) => void;
  error?: string;
  /** Changing it resets the widget (a response is single-use: after each failed login). */
  resetKey: number;
}

/** The captcha checkbox as a form field, its server error shown beneath it. */
export function RecaptchaField({ siteKey, onChange, error, resetKey }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: ReCaptchaApi; id: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const scheme = useComputedColorScheme('light');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget is rendered once; its theme follows the page at that moment
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (api) => {
        if (cancelled || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          theme: scheme,
          callback: (response) => onChangeRef.current(response),
          'expired-callback': () => onChangeRef.current(''),
          'error-callback': () => onChangeRef.current(''),
        });
        widget.current = { api, id };
        setReady(true);
      },
      (reason: Error) => {
        if (!cancelled) setLoadError(reason.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onChangeRef.current('');
  }, [resetKey]);

  return (
    <Input.Wrapper label="Captcha" error={error ?? loadError ?? undefined} id="login-captcha">
      {!ready && !loadError && <Loader size="sm" aria-label="Loading captcha" />}
      <div ref={container} />
    </Input.Wrapper>
  );
}
