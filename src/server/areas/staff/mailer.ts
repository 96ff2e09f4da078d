/**
 * Outgoing e-mail behind one small adapter. The implementation posts to an HTTP mail relay
 * (MAIL_HTTP_URL, with MAIL_HTTP_TOKEN as a bearer token and MAIL_FROM as the sender): a JSON body
 * `{from, to, subject, text}`, which Postmark-, Mailgun- or in-house relays accept with a thin
 * mapping. Without MAIL_HTTP_URL it answers "not configured", and the console tells the
 * administrator to hand the link over themselves. Passwords are never sent: only one-time links.
 */
export interface MailResult {
  sent: boolean;
  /** What the administrator is told. */
  message: string;
}

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<MailResult>;
}

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env, doFetch: typeof fetch = fetch): Mailer {
  const url = env.MAIL_HTTP_URL;
  if (!url) {
    return {
      send: async () => ({ sent: false, message: 'E-mail is not configured on this server (MAIL_HTTP_URL): copy the link and give it to the member.' }),
    };
  }
  return {
    async send({ to, subject, text }) {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(env.MAIL_HTTP_TOKEN ? { authorization: `Bearer ${env.MAIL_HTTP_TOKEN}` } : {}) },
          body: JSON.stringify({ from: env.MAIL_FROM ?? 'no-reply@panel.local', to, subject, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return { sent: false, message: `The mail relay answered ${response.status}: copy the link and give it to the member.` };
        return { sent: true, message: `The link was e-mailed to ${to}.` };
      } catch (error) {
        return { sent: false, message: `The mail relay could not be reached (${(error as Error).message}): copy the link and give it to the member.` };
      }
    },
  };
}
