import { defineTableSpec } from '../columns';

/**
 * The logs (change logs, the audit log, service logs): their column tables. Event, type and action-type values are open lists (every area adds its
 * own), so their filters take the values the collections endpoints answer, not fixed options.
 * No zod here: the console's entry reads it.
 */

export const AUDITS_TABLE = defineTableSpec({
  search: 'id or record id',
  columns: {
    id: { filter: 'select', valueType: 'bigint', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    /** The staff member; filtered by their id. */
    user: { filter: 'select', valueType: 'int' },
    ipAddress: { filter: 'text' },
    userAgent: { filter: 'text' },
    event: { filter: 'multiSelect' },
    auditableType: { filter: 'select' },
    auditableId: { filter: 'select', valueType: 'bigint' },
    oldValues: {},
    newValues: {},
  },
});

export const CHANGE_LOGS_TABLE = defineTableSpec({
  search: 'id or target id',
  columns: {
    id: { filter: 'select', valueType: 'bigint', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    actionType: { filter: 'multiSelect' },
    /** The model type. */
    type: { filter: 'select' },
    /** The model id. */
    target: { filter: 'select', valueType: 'bigint' },
    user: { filter: 'select', valueType: 'int' },
    information: {},
  },
});

export const SERVICE_LOGS_TABLE = defineTableSpec({
  search: 'id, model id or information',
  columns: {
    id: { filter: 'select', valueType: 'bigint', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    information: { filter: 'text' },
    modelType: { filter: 'select' },
    modelId: { filter: 'select', valueType: 'bigint' },
    type: { filter: 'multiSelect' },
    actionType: { filter: 'multiSelect' },
    oldValue: {},
    newValue: {},
  },
});

/**
 * The one redaction list: keys whose values no answer, screen or log line carries — webhook and
 * payment-method secrets, provider and access tokens, API keys, passwords and their hashes,
 * two-factor secrets, recovery codes, credentials in headers. The server's logger redacts these
 * names (src/server/http/logger.ts), and audit answers and the console replace any key matching
 * SECRET_KEY_PATTERN (which covers every name here, and their spellings) with SECRET_VALUE.
 */
export const SECRET_KEY_NAMES = [
  'authorization',
  'cookie',
  'password',
  'passwordConfirmation',
  'password_confirmation',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'apiToken',
  'api_token',
  'apiKey',
  'api_key',
  'secret',
  'secrets',
  'webhookSecret',
  'twoFactorSecret',
  'recoveryCodes',
  'recovery_codes',
  'recoveryCodeHashes',
] as const;
export const SECRET_KEY_PATTERN = /(secret|password|passphrase|token|api[_-]?key|private[_-]?key|ipn|authorization|cookie|recovery)/i;
export const SECRET_VALUE = 'changed';
export const isSecretKey = (key: string): boolean => SECRET_KEY_PATTERN.test(key);

/**
 * A value with every secret-named key at any depth ({ secrets: { api_key } } included) replaced
 * by SECRET_VALUE; both sides apply it, so a secret is never answered nor shown.
 */
export function redactSecretValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactSecretValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = isSecretKey(key) && v !== null ? SECRET_VALUE : redactSecretValue(v, depth + 1);
  return out;
}

/** Record types as people say them ('payment_method' -> 'Payment method'). */
export const recordTypeLabel = (type: string): string => {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\\]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : type;
};
