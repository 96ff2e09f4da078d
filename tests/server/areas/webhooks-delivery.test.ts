import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../../src/contract/webhooks';
import { one } from '../../../src/server/db/client';
import { startJobWorkers, type JobWorkers } from '../../../src/server/jobs';
import { webhookDeliveryJob } from '../../../src/server/areas/webhooks/delivery';
import { checkDestination, outboundPolicy, postJson } from '../../../src/server/areas/webhooks/outbound';
import { webhookOutboxTask } from '../../../src/server/areas/webhooks/pump';
import { verifyWebhookSignature } from '../../../src/server/areas/webhooks/signing';
import { useTestApp } from '../helpers/testServer';

/**
 * Webhooks delivered for real: a receiver written here (a local HTTP server) checks every request's
 * signature with the secret the create answer showed once; the durable job queue runs the
 * deliveries (retries with backoff against a receiver that fails twice), an order status change
 * reaches the receiver through the database trigger and the outbox, rotation changes the signing
 * secret at once, redelivery repeats the same event id, and the SSRF rules refuse loopback,
 * link-local and private destinations unless allow-listed.
 */

// Loopback receivers need the allow-list; retries are made quick (1 s, doubling) for the test.
const savedEnv = { ...process.env };
process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
process.env.WEBHOOK_RETRY_DELAY_SECONDS = '1';
process.env.WEBHOOK_RETRY_LIMIT = '3';
process.env.WEBHOOK_TIMEOUT_MS = '1500';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver: answers with `answer(n)` for its n-th request (1-based), records every request. */
function receiver(answer: (n: number) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answer(received.length);
      if (status === 'hang') return; // never answers: the sender's timeout ends it
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? `ok ${received.length}` : `failing ${received.length}`);
    });
  });
  return {
    received,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const t = useTestApp();
let admin: string;
let workers: JobWorkers;
let types: { id: number; type: string }[];
const receivers: ReturnType<typeof receiver>[] = [];

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  types = await t.ok('webhookTypes', {}, admin);
  // The demo's webhooks point at example hosts: off, so only this file's receivers get events.
  await t.db.execute(sql`UPDATE webhooks SET is_active = false`);
  workers = await startJobWorkers(t.deps, [webhookDeliveryJob], [webhookOutboxTask]);
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  for (const r of receivers) await r.close();
  process.env = savedEnv;
});

afterEach(() => {
  process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
});

async function newReceiver(answer?: (n: number) => number | 'hang') {
  const r = receiver(answer);
  receivers.push(r);
  return { r, url: await r.start() };
}

const typeId = (type: string) => types.find((x) => x.type === type)!.id;

const delivery = async (deliveryId: number) => t.ok('webhookDeliveriesShow', { params: { deliveryId } }, admin);
const settled = (deliveryId: number) =>
  until(`delivery ${deliveryId}`, async () => {
    const d = await delivery(deliveryId);
    return (d.status === 'delivered' || d.status === 'failed') && d;
  });

describe('a test event', () => {
  it('is delivered signed with the secret shown once, with a timestamp and an event id; the log records it', async () => {
    const { r, url } = await newReceiver();
    const created = await t.ok('webhooksStore', { body: { url, webhook_types: [typeId('order.status_changed')], is_active: true } }, admin);
    expect(created.secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await t.ok('webhooksShow', { params: { webhookId: created.webhook.id } }, admin))).not.toContain(created.secret);
    expect(created.webhook.secretHint).toBe(`…${created.secret.slice(-4)}`);

    const queued = await t.ok('webhooksTest', { params: { webhookId: created.webhook.id } }, admin);
    const done = await settled(queued.delivery.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, statusCode: 200, responseExcerpt: 'ok 1', eventType: 'webhook.test' });
    expect(done.attemptsLog).toHaveLength(1);

    expect(r.received).toHaveLength(1);
    const [req] = r.received;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(done.eventId);
    expect(JSON.parse(req.body)).toMatchObject({ id: done.eventId, type: 'webhook.test', data: { webhook_id: created.webhook.id } });
    const check = {
      body: req.body,
      signature: req.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
      timestamp: req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
    };
    expect(verifyWebhookSignature({ ...check, secret: created.secret })).toBe(true);
    expect(verifyWebhookSignature({ ...check, secret: 'whsec_wrong' })).toBe(false);
    expect(verifyWebhookSignature({ ...check, secret: created.secret, body: `${req.body} ` })).toBe(false);

    const log = await t.ok('webhooksDeliveries', { params: { webhookId: created.webhook.id }, query: { page: 1, perPage: 30 } }, admin);
    expect(log.items.map((d) => d.id)).toEqual([queued.delivery.id]);
    expect(log.totalItemsCount).toBe(1);
  });

  it('a rotated secret signs at once (the old one no longer verifies); redelivery repeats the same event id', async () => {
    const { r, url } = await newReceiver();
    const created = await t.ok('webhooksStore', { body: { url, webhook_types: [typeId('invoice.paid')] } }, admin);
    const rotated = await t.ok('webhooksRotateSecret', { params: { webhookId: created.webhook.id } }, admin);
    expect(rotated.secret).not.toBe(created.secret);

    const first = await settled((await t.ok('webhooksTest', { params: { webhookId: created.webhook.id } }, admin)).delivery.id);
    const again = await t.ok('webhookDeliveriesRedeliver', { params: { deliveryId: first.id } }, admin);
    expect(again.delivery.redeliveryOf).toBe(first.id);
    const second = await settled(again.delivery.id);
    expect(second.status).toBe('delivered');
    expect(second.eventId).toBe(first.eventId);

    expect(r.received).toHaveLength(2);
    for (const req of r.received) {
      const check = { body: req.body, signature: req.headers['x-webhook-signature'] as string, timestamp: req.headers['x-webhook-timestamp'] as string };
      expect(verifyWebhookSignature({ ...check, secret: rotated.secret })).toBe(true);
      expect(verifyWebhookSignature({ ...check, secret: created.secret })).toBe(false);
      expect(req.headers['x-webhook-id']).toBe(first.eventId);
    }
    expect(r.received[0].headers['x-webhook-delivery']).not.toBe(r.received[1].headers['x-webhook-delivery']);
  });
});

describe('retries', () => {
  it('a receiver that fails twice then succeeds gets the event on the third attempt; every attempt is logged', async () => {
    const { r, url } = await newReceiver((n) => (n <= 2 ? 503 : 200));
    const created = await t.ok('webhooksStore', { body: { url, webhook_types: [typeId('order.status_changed')] } }, admin);
    const queued = await t.ok('webhooksTest', { params: { webhookId: created.webhook.id } }, admin);
    const done = await settled(queued.delivery.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 3, statusCode: 200 });
    expect(done.attemptsLog.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
    expect(done.attemptsLog[0]).toMatchObject({ responseExcerpt: 'failing 1', error: 'The receiver answered 503.' });
    // The same event id on every attempt: the receiver can de-duplicate.
    expect(new Set(r.received.map((x) => x.headers['x-webhook-id']))).toEqual(new Set([done.eventId]));
  }, 30_000);

  it('a receiver that never answers is cut off by the timeout and, past the retry limit, the delivery is failed', async () => {
    const { url } = await newReceiver(() => 'hang');
    const created = await t.ok('webhooksStore', { body: { url, webhook_types: [typeId('order.status_changed')] } }, admin);
    process.env.WEBHOOK_RETRY_LIMIT = '1';
    const queued = await t.ok('webhooksTest', { params: { webhookId: created.webhook.id } }, admin);
    process.env.WEBHOOK_RETRY_LIMIT = '3';
    const done = await settled(queued.delivery.id);
    expect(done).toMatchObject({ status: 'failed', attempts: 2, statusCode: null });
    expect(done.attemptsLog.every((a) => /No answer within 1500 ms/.test(a.error ?? ''))).toBe(true);
  }, 30_000);
});

describe('events from the panel', () => {
  it("an order's status change reaches the subscribed webhook (database trigger, outbox, job), not the others", async () => {
    const subscribed = await newReceiver();
    const other = await newReceiver();
    await t.ok('webhooksStore', { body: { url: subscribed.url, webhook_types: [typeId('order.status_changed')] } }, admin);
    await t.ok('webhooksStore', { body: { url: other.url, webhook_types: [typeId('withdrawal.requested')] } }, admin);
    const order = await one<{ id: number; status: string }>(t.db, sql`SELECT id, status FROM orders WHERE status <> 'canceled' ORDER BY id LIMIT 1`);
    await t.db.execute(sql`UPDATE orders SET status = 'canceled' WHERE id = ${order!.id}`);
    const req = await until('the order event', async () => subscribed.r.received.find((x) => JSON.parse(x.body).data?.order_id === order!.id));
    expect(JSON.parse(req.body)).toMatchObject({ type: 'order.status_changed', data: { order_id: order!.id, old_status: order!.status, status: 'canceled' } });
    expect(other.r.received).toHaveLength(0);
  });
});

describe('SSRF protection', () => {
  it('refuses loopback, link-local and private literal addresses at save (422 on url), unless allow-listed', async () => {
    process.env.WEBHOOK_ALLOWED_HOSTS = '';
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      // Other spellings of the same places: IPv4-compatible and hex-mapped IPv6, numeric IPv4, "this host".
      'http://[::127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fd12:3456::1]/',
      'http://[2002:7f00:1::]/',
      'http://localhost./',
    ]) {
      const res = await t.call('webhooksStore', { body: { url, webhook_types: [typeId('invoice.paid')] } }, admin);
      expect(res.status, url).toBe(422);
      expect(res.body, url).toMatchObject({ errors: { url: [expect.stringContaining('loopback, private or link-local')] } });
    }
    const ftp = await t.call('webhooksStore', { body: { url: 'ftp://example.com/', webhook_types: [typeId('invoice.paid')] } }, admin);
    expect(ftp.status).toBe(422);
    expect(await one(t.db, sql`SELECT 1 FROM webhooks WHERE url LIKE '%169.254%' OR url LIKE 'ftp:%'`)).toBeUndefined();
  });

  it('refuses at sending a name that resolves to loopback, without retrying, and nothing reaches the receiver', async () => {
    const { r, url } = await newReceiver();
    const named = url.replace('127.0.0.1', 'vm'); // /etc/hosts: vm -> 127.0.0.1
    const created = await t.ok('webhooksStore', { body: { url: named, webhook_types: [typeId('invoice.paid')] } }, admin);
    process.env.WEBHOOK_ALLOWED_HOSTS = '';
    const queued = await t.ok('webhooksTest', { params: { webhookId: created.webhook.id } }, admin);
    const done = await settled(queued.delivery.id);
    expect(done).toMatchObject({ status: 'failed', attempts: 1, statusCode: null });
    expect(done.error).toContain('resolves to 127.0.0.1');
    expect(r.received).toHaveLength(0);
  });

  it('checks destinations directly: link-local and private refused, allow-listed ranges let through, responses capped', async () => {
    const strict = { ...outboundPolicy({}), allowedHosts: [] };
    await expect(checkDestination('http://169.254.169.254/', strict)).rejects.toThrow('loopback, private or link-local');
    await expect(checkDestination('http://192.168.1.1/', strict)).rejects.toThrow();
    await expect(checkDestination('http://127.0.0.1/', { ...strict, allowedHosts: ['127.0.0.0/8'] })).resolves.toMatchObject({ address: '127.0.0.1' });

    const big = http.createServer((_req, res) => {
      res.writeHead(200);
      res.end('x'.repeat(200_000));
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    const result = await postJson(
      `http://127.0.0.1:${(big.address() as AddressInfo).port}/`,
      '{}',
      {},
      { ...strict, allowedHosts: ['127.0.0.1'], maxResponseBytes: 1024 },
    );
    big.closeAllConnections();
    big.close();
    expect(result.statusCode).toBe(200);
    expect(result.excerpt!.length).toBeLessThanOrEqual(1024);
  });
});
