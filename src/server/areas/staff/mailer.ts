import { allowedHostsFor, outboundRequest, type OutboundPolicy } from '../../http/outbound';

/**
 * Outgoing e-mail behind one small adapter. The implementation posts to an HTTP mail relay
 * (MAIL_HTTP_URL, with MAIL_HTTP_TOKEN as a bearer token and MAIL_FROM as the sender): a JSON body
 * `{from, to, subject, text}`, which Postmark-, Mailgun- or in-house relays accept with a thin
 * mapping. Without MAIL_HTTP_URL it answers "not configured", and the console tells the
 * administrator to hand the link over themselves. The relay is reached through the one outbound
 * guard (src/server/http/outbound.ts). Passwords are never sent: only one-time links.
 */
export interface MailResult {
  sent: boolean;
  /** What the administrator is told. */
  message: string;
}

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<MailResult>;
}

/** The relay's policy: the one outbound guard, MAIL_ALLOWED_HOSTS for a relay on a private network. */
const mailPolicy = (env: NodeJS.ProcessEnv): OutboundPolicy => ({ allowedHosts: allowedHostsFor('mail', env), timeoutMs: 10_000, maxResponseBytes: 16 * 1024 });

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const url = env.MAIL_HTTP_URL;
  if (!url) {
    return {
      send: async () => ({ sent: false, message: 'E-mail is not configured on this server (MAIL_HTTP_URL): copy the link and give it to the member.' }),
    };
  }
  return {
    async send({ to, subject, text }) {
      const result = await outboundRequest(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(env.MAIL_HTTP_TOKEN ? { authorization: `Bearer ${env.MAIL_HTTP_TOKEN}` } : {}) },
          body: JSON.stringify({ from: env.MAIL_FROM ?? 'no-reply@panel.local', to, subject, text }),
        },
        mailPolicy(env),
      );
      if (result.statusCode === null)
        return { sent: false, message: `The mail relay could not be reached (${result.error ?? 'no answer'}): copy the link and give it to the member.` };
      if (result.statusCode < 200 || result.statusCode >= 300)
        return { sent: false, message: `The mail relay answered ${result.statusCode}: copy the link and give it to the member.` };
      return { sent: true, message: `The link was e-mailed to ${to}.` };
    },
  };
}
