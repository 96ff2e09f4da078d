import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { isSecretKey, SECRET_KEY_NAMES } from '../../../src/contract/logs/columns';
import { one, rows } from '../../../src/server/db/client';
import { REDACT_PATHS } from '../../../src/server/http/logger';
import { sampleInput } from '../helpers/sampleInput';
import { useTestApp } from '../helpers/testServer';

/**
 * Secrets stay where they are: with the demo data and a secret of every kind stored (a webhook's
 * signing secret, a provider's API token, a payment method's secrets, password hashes, a two-factor
 * secret and recovery-code hashes), every GET and table answer of the endpoint table is asked as an
 * administrator, and none may carry a secret's value. Generated from the table: an endpoint added
 * later is walked with no edit here.
 */

const t = useTestApp();
type Entry = Endpoint<any, any, any>;

describe('one redaction list', () => {
  it('the logs redact every key the answers redact, from the same list', () => {
    for (const name of SECRET_KEY_NAMES) {
      expect(isSecretKey(name), name).toBe(true);
      expect(REDACT_PATHS, name).toContain(name);
      expect(REDACT_PATHS, name).toContain(`*.${name}`);
    }
  });
});

describe('no answer carries a secret', () => {
  it('walks every GET and table endpoint with seeded secrets', async () => {
    const admin = await t.login('admin@example.com', 'password');
    const adminId = (await one<{ id: number }>(t.db, sql`SELECT id FROM staff_members WHERE email = 'admin@example.com'`))!.id;
    // A secret of every kind, with values nothing else could contain by chance.
    const type = (await one<{ id: number }>(t.db, sql`SELECT id FROM webhook_types ORDER BY id LIMIT 1`))!.id;
    const created = await t.ok('webhooksStore', { body: { url: 'https://hooks.example.test/in', webhook_types: [type] } }, admin);
    const webhookId = created.webhook.id;
    const provider = (await one<{ id: number }>(t.db, sql`SELECT id FROM providers ORDER BY id LIMIT 1`))!.id;
    await t.db.execute(sql`UPDATE providers SET api_token = 'provider-token-S3CR3T-0001' WHERE id = ${provider}`);
    const method = (await one<{ id: number }>(t.db, sql`SELECT id FROM payment_methods ORDER BY id LIMIT 1`))!.id;
    await t.db.execute(
      sql`UPDATE payment_methods SET secrets = '{"api_key":"pm-key-S3CR3T-0002","ipn_secret":"pm-ipn-S3CR3T-0003"}'::jsonb WHERE id = ${method}`,
    );
    await t.db.execute(sql`INSERT INTO staff_two_factor (staff_id, secret, confirmed_at, recovery_code_hashes)
      VALUES (${adminId}, 'TOTPS3CR3TBASE32AAAA', now(), '["recovery-hash-S3CR3T-0004"]'::jsonb)
      ON CONFLICT (staff_id) DO UPDATE SET secret = excluded.secret, recovery_code_hashes = excluded.recovery_code_hashes`);

    const secrets = new Set<string>();
    const add = (v: unknown) => {
      if (typeof v === 'string' && v.length >= 8) secrets.add(v);
    };
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT secret AS v FROM webhooks`)) add(r.v);
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT api_token AS v FROM providers`)) add(r.v);
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT value AS v FROM payment_methods, jsonb_each_text(secrets)`)) add(r.v);
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT password_hash AS v FROM staff_members`)) add(r.v);
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT secret AS v FROM staff_two_factor`)) add(r.v);
    for (const r of await rows<{ v: string }>(t.db, sql`SELECT jsonb_array_elements_text(recovery_code_hashes) AS v FROM staff_two_factor`)) add(r.v);
    // Demo passwords ("password") are too short to be told from ordinary words; the hashes are not.
    expect(secrets.size).toBeGreaterThan(6);

    const ids: Record<string, number> = { webhookId, externalPanelId: provider, providerId: provider, paymentMethodId: method, staffId: adminId };
    const walked: string[] = [];
    const leaks: string[] = [];
    for (const [name, e] of Object.entries(endpoints) as [EndpointName, Entry][]) {
      if (e.method !== 'GET' && !e.table) continue;
      // A refresh replaces the caller's token (it answers the new one, which is no stored secret).
      if (name === 'refresh') continue;
      const params = Object.fromEntries([...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => [m[1], ids[m[1]] ?? 1]));
      const body = e.body ? (sampleInput(e.body) ?? {}) : undefined;
      const query = e.query ? (sampleInput(e.query) ?? {}) : undefined;
      const res = await t.call(name, { params, body, query } as never, admin);
      walked.push(`${name} ${res.status}`);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const secret of secrets) if (text?.includes(secret)) leaks.push(`${name} answered a secret (${secret.slice(0, 6)}…)`);
    }
    console.log(`secrets: ${walked.length} GET and table endpoints walked, ${walked.filter((w) => w.endsWith(' 200')).length} answered 200`);
    expect(walked.filter((w) => w.endsWith(' 200')).length).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });
});
