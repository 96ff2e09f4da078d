import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../../src/console/app/AppProviders';
import { SETTINGS_QUERY_KEY } from '../../../src/console/session/instanceSettings';
import { LoginScreen } from '../../../src/console/session/LoginScreen';
import { RECAPTCHA_SCRIPT_URL } from '../../../src/console/session/recaptcha';
import { Session } from '../../../src/console/session/session';
import { readToken } from '../../../src/console/session/cookie';
import { clearCookies, json, makeProfile, makeSettings, scriptFetch } from '../helpers/app.fixtures';
import type { PublicSettings } from '../../../src/contract/session';

let session: Session;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

function renderLogin(settings: PublicSettings = makeSettings()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
  navigate = vi.fn<(to: string) => void>();
  session = new Session({ queryClient, navigate, apiBaseUrl: '' });
  return render(
    <AppProviders queryClient={queryClient} session={session} mantineEnv="test">
      <LoginScreen />
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  session?.dispose();
  vi.unstubAllGlobals();
  clearCookies();
  delete window.grecaptcha;
  document.head.querySelectorAll('script[src*="recaptcha"]').forEach((s) => s.remove());
});

const emailField = () => screen.getByRole('textbox', { name: /email/i });
const passwordField = () => screen.getByLabelText(/^password/i, { selector: 'input' });

describe('the login screen', () => {
  it('shows labelled fields with the email focused, and no captcha when it is off', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Acme Panel' })).toBeInTheDocument();
    expect(emailField()).toHaveFocus();
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.queryByText('Captcha')).not.toBeInTheDocument();
    expect(document.querySelector(`script[src="${RECAPTCHA_SCRIPT_URL}"]`)).toBeNull();
  });

  it('shows every field error of a 422 on its field and the general message in an alert', async () => {
    const seen = scriptFetch({
      'POST /login': json(
        {
          message: 'These credentials do not match our records. (and 2 more errors)',
          errors: {
            email: ['These credentials do not match our records.'],
            password: ['The password is too short.'],
            'g-recaptcha-response': ['The captcha is invalid.'],
          },
        },
        422,
      ),
    });
    renderLogin();
    await userEvent.type(emailField(), 'ada@example.test');
    await userEvent.type(passwordField(), 'wrong{Enter}'); // Enter submits

    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveAccessibleDescription('The password is too short.');
    expect(screen.getByText('The captcha is invalid.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('(and 2 more errors)'))).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ email: 'ada@example.test', password: 'wrong', 'g-recaptcha-response': '' });
    expect(readToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the 429 message', async () => {
    scriptFetch({ 'POST /login': json({ message: 'Too many attempts. Please try again in 60 seconds.' }, 429, { 'retry-after': '60' }) });
    renderLogin();
    await userEvent.type(emailField(), 'ada@example.test');
    await userEvent.type(passwordField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).toHaveTextContent('Please try again in 60 seconds.');
  });

  it('asks for empty fields without calling the server', async () => {
    const seen = scriptFetch({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('shows a loading button while signing in, then goes on with the session', async () => {
    let answer!: (r: Response) => void;
    scriptFetch({
      'POST /login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/v1/profile': json(makeProfile(['viewOrders'])),
    });
    renderLogin();
    await userEvent.type(emailField(), 'ada@example.test');
    await userEvent.type(passwordField(), 'secret{Enter}');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    answer(json({ message: 'ok' }, 200, { authorization: 'Bearer jwt' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(readToken()).toBe('jwt');
  });

  it('with captcha on, renders reCAPTCHA with the site key and sends its answer as g-recaptcha-response', async () => {
    const renderWidget = vi.fn((_el: HTMLElement, params: { sitekey: string; callback: (r: string) => void }) => {
      params.callback('captcha-answer');
      return 3;
    });
    const reset = vi.fn();
    window.grecaptcha = { render: renderWidget, reset };
    const seen = scriptFetch({
      'POST /login': json({ message: 'Bad.', errors: { 'g-recaptcha-response': ['The captcha has expired.'] } }, 422),
    });
    renderLogin(makeSettings({ captchaIsEnabled: true, captchaSiteKey: 'site-key-1' }));
    await waitFor(() => expect(renderWidget).toHaveBeenCalled());
    expect(renderWidget.mock.calls[0]![1].sitekey).toBe('site-key-1');

    await userEvent.type(emailField(), 'ada@example.test');
    await userEvent.type(passwordField(), 'secret{Enter}');
    expect(await screen.findByText('The captcha has expired.')).toBeInTheDocument();
    expect(seen[0]!.body).toMatchObject({ 'g-recaptcha-response': 'captcha-answer' });
    // A captcha answer is single-use: the widget is reset after a failed attempt.
    await waitFor(() => expect(reset).toHaveBeenCalledWith(3));
  });

  it('with captcha on, loads the Google script only then, and says so when it cannot load', async () => {
    const appended: string[] = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      if (node instanceof HTMLScriptElement) appended.push(node.src);
      return append(node);
    });
    renderLogin(makeSettings({ captchaIsEnabled: true, captchaSiteKey: 'k' }));
    await waitFor(() => expect(appended).toContain(RECAPTCHA_SCRIPT_URL));
    // The test page cannot load remote scripts: the field explains instead of spinning forever.
    expect(await screen.findByText(/The captcha could not be loaded/)).toBeInTheDocument();
  });
});
