import type { Hono } from 'hono';
import { zodIssuesToErrors, validationMessage } from '../../contract/errors';
import { BROADCASTING_AUTH_PATH, broadcastingAuthBodySchema } from '../../contract/realtime';
import type { AppContext, AppEnv } from '../http/context';
import type { StaffContext } from '../deps';
import { HttpError } from '../http/errors';
import { mayJoinChannel, type ChannelRule } from './authorization';
import { channelAuth, type AppCredentials } from './signatures';

export type AuthenticateStaff = (c: AppContext) => Promise<StaffContext>;

/**
 * POST /broadcasting/auth: signs `socket_id:channel_name` for a member the channel rules admit.
 * pusher-js posts form-encoded fields; Laravel-style clients post JSON: both are read. The answer
 * is `{auth: "key:signature"}`; 401 without a valid token, 422 for a malformed body, 403 on deny.
 */
export function mountBroadcastingAuth(
  app: Hono<AppEnv>,
  deps: { credentials: AppCredentials; authenticate: AuthenticateStaff; rules?: readonly ChannelRule[] },
): void {
  app.post(BROADCASTING_AUTH_PATH, async (c) => {
    let staff: StaffContext;
    try {
      staff = await deps.authenticate(c);
    } catch (error) {
      if (error instanceof HttpError) return c.json(error.body(), error.status);
      throw error;
    }

    const body = await readFields(c);
    if (body === undefined) return c.json({ message: 'The request body is not valid JSON.' }, 400);
    const parsed = broadcastingAuthBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors = zodIssuesToErrors(parsed.error.issues);
      return c.json({ message: validationMessage(errors), errors }, 422);
    }

    const { socket_id: socketId, channel_name: channel } = parsed.data;
    if (!mayJoinChannel(staff, channel, deps.rules)) return c.json({ message: 'This action is unauthorized.' }, 403);
    return c.json({ auth: channelAuth(deps.credentials, socketId, channel) });
  });
}

/** The body's fields, form-encoded or JSON; undefined when JSON was sent and cannot be read. */
async function readFields(c: AppContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (!text) return {};
  const looksJson = type.includes('json') || text.trimStart().startsWith('{');
  if (!looksJson) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
