import { LOCALES, type Locale } from '../../../contract/locales';
import { HttpError } from '../../http/errors';
import { allowedHostsFor, outboundRequest } from '../../http/outbound';
import { quoted } from '../../http/quoted';

/**
 * The translate adapter: texts are sent to a LibreTranslate-compatible service (`POST
 * <url>/translate` with q, source, target, format and
 * api_key; answer `translatedText`) configured by TRANSLATE_URL (TRANSLATE_API_KEY,
 * TRANSLATE_TIMEOUT_MS). Without one, or when it fails or is too slow, the answer is a 503 that
 * says so: nothing is ever "translated" by copying the source. The service is reached through the
 * one outbound guard (src/server/http/outbound.ts), TRANSLATE_ALLOWED_HOSTS naming a private host.
 */

export interface TranslateConfig {
  url: string;
  apiKey?: string;
  timeoutMs: number;
  /** Private or loopback hosts the service may be on (TRANSLATE_ALLOWED_HOSTS). */
  allowedHosts: string[];
}

export function readTranslateConfig(env: NodeJS.ProcessEnv = process.env): TranslateConfig | undefined {
  const url = env.TRANSLATE_URL?.trim();
  if (!url) return undefined;
  return {
    url: url.replace(/\/+$/, ''),
    apiKey: env.TRANSLATE_API_KEY || undefined,
    timeoutMs: Number(env.TRANSLATE_TIMEOUT_MS ?? 8000) || 8000,
    allowedHosts: allowedHostsFor('translation', env),
  };
}

export const NOT_CONFIGURED = 'Machine translation is not configured on this server (set TRANSLATE_URL to a LibreTranslate-compatible service).';

/** Our locales as LibreTranslate's language codes (pt_BR -> pt, zh_CN -> zh, hi_IN -> hi). */
export const languageCode = (locale: Locale): string => (locale === 'zh_CN' ? 'zh' : locale.slice(0, 2));

const unavailable = (message: string) => new HttpError(503, message);

export async function translateTexts(
  config: TranslateConfig | undefined,
  from: Locale,
  to: Locale,
  fields: Record<string, string>,
): Promise<Record<string, string>> {
  if (!config) throw unavailable(NOT_CONFIGURED);
  const keys = Object.keys(fields).filter((k) => fields[k].trim() !== '');
  const out: Record<string, string> = Object.fromEntries(Object.keys(fields).map((k) => [k, '']));
  if (keys.length === 0) return out;
  const result = await outboundRequest(
    `${config.url}/translate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: keys.map((k) => fields[k]),
        source: languageCode(from),
        target: languageCode(to),
        format: 'text',
        ...(config.apiKey ? { api_key: config.apiKey } : {}),
      }),
    },
    { allowedHosts: config.allowedHosts, timeoutMs: config.timeoutMs, maxResponseBytes: 4 * 1024 * 1024 },
  );
  if (result.refused) throw unavailable(`The translation service may not be reached: ${result.error}`);
  if (result.statusCode === null) {
    if (result.error?.startsWith('No answer within'))
      throw unavailable(`The translation service did not answer within ${Math.round(config.timeoutMs / 1000)} s.`);
    throw unavailable('The translation service cannot be reached.');
  }
  if (result.truncated) throw unavailable('The translation service answered more than 4 MB.');
  type Answer = { translatedText?: unknown; error?: unknown } | null;
  let answer: Answer;
  try {
    answer = JSON.parse(result.body ?? '') as Answer;
  } catch {
    answer = null;
  }
  if (result.statusCode < 200 || result.statusCode >= 300)
    throw unavailable(
      `The translation service refused the texts (${result.statusCode}${typeof answer?.error === 'string' ? `: ${quoted(answer.error)}` : ''}).`,
    );
  const texts = answer?.translatedText;
  if (!Array.isArray(texts) || texts.length !== keys.length || texts.some((t) => typeof t !== 'string')) {
    throw unavailable('The translation service answered in an unexpected shape.');
  }
  keys.forEach((k, i) => (out[k] = texts[i] as string));
  return out;
}

export const translateLocales = (config: TranslateConfig | undefined): Locale[] => (config ? [...LOCALES] : []);
