import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerFromEnv } from '../../../src/server/areas/staff/mailer';
import { translateTexts } from '../../../src/server/areas/catalogue/translator';
import { canonicalAddress, checkDestination, isForbiddenAddress, parseIPv4, postJson, refuseAtSave } from '../../../src/server/http/outbound';

/**
 * The one outbound guard (src/server/http/outbound.ts): every spelling of a loopback, private,
 * link-local or "this host" address is judged as the place it reaches, names are judged by every
 * address they resolve to, and the mail relay and the translation service go through it like
 * webhooks and providers (their tests: webhooks-delivery, providers).
 */

const strict = { allowedHosts: [], timeoutMs: 2000, maxResponseBytes: 64 * 1024 };

describe('address spellings', () => {
  it('reads IPv4 in every inet_aton spelling', () => {
    expect(parseIPv4('2130706433')).toBe('127.0.0.1');
    expect(parseIPv4('0x7f.1')).toBe('127.0.0.1');
    expect(parseIPv4('0177.0.0.1')).toBe('127.0.0.1');
    expect(parseIPv4('127.1')).toBe('127.0.0.1');
    expect(parseIPv4('0')).toBe('0.0.0.0');
    expect(parseIPv4('256.1.1.1')).toBeNull();
    expect(parseIPv4('example.com')).toBeNull();
  });

  it('judges IPv6 forms that carry an IPv4 address as that address', () => {
    for (const form of ['::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:7f00:1', '2002:7f00:1::', '[::127.0.0.1]'])
      expect(canonicalAddress(form), form).toEqual({ address: '127.0.0.1', family: 4 });
    expect(canonicalAddress('::ffff:a9fe:a9fe')).toEqual({ address: '169.254.169.254', family: 4 });
  });

  it('refuses every loopback, private, link-local, unique-local and unspecified spelling, and lets public ones through', () => {
    for (const address of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
      '::',
      '::1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc00::1',
      '10.1.2.3',
      '192.168.0.1',
      '100.64.0.1',
      '2002:a00:1::',
      '64:ff9b::7f00:1',
      'not an address',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '2606:4700:4700::1111', '93.184.216.34']) expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('refuses the literal forms at save, and lets an allow-listed address through in any spelling', () => {
    for (const url of ['http://[::127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://2130706433/', 'http://0/', 'http://[::]/', 'http://localhost./x'])
      expect(refuseAtSave(url, strict), url).toMatch(/loopback, private or link-local/);
    expect(refuseAtSave('http://[::ffff:7f00:1]/', { ...strict, allowedHosts: ['127.0.0.0/8'] })).toBeNull();
    expect(refuseAtSave('https://example.com/hook', strict)).toBeNull();
  });

  it('judges a name by the addresses it resolves to and pins the one it checked', async () => {
    // /etc/hosts: vm -> 127.0.0.1
    await expect(checkDestination('http://vm:9/', strict)).rejects.toThrow('resolves to 127.0.0.1');
    await expect(checkDestination('http://vm:9/', { ...strict, allowedHosts: ['127.0.0.1'] })).resolves.toMatchObject({ address: '127.0.0.1', family: 4 });
  });
});

describe('the mail relay and the translation service use the same guard', () => {
  const received: string[] = [];
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/drip') {
        // Headers at once, then a byte every 50 ms, forever: the socket is never idle.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const drip = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(drip));
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(`${req.url} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.url === '/translate' ? JSON.stringify({ translatedText: ['Bonjour'] }) : req.url === '/nul' ? 'ok\u0000 done' : '{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('a mail relay at a loopback spelling is refused with a reason; allow-listed it is used', async () => {
    const before = received.length;
    const refused = await mailerFromEnv({ MAIL_HTTP_URL: `http://[::ffff:7f00:1]:${port}/send` }).send({ to: 'a@b.test', subject: 's', text: 't' });
    expect(refused).toMatchObject({ sent: false, message: expect.stringContaining('loopback, private or link-local') });
    const named = await mailerFromEnv({ MAIL_HTTP_URL: `http://vm:${port}/send` }).send({ to: 'a@b.test', subject: 's', text: 't' });
    expect(named).toMatchObject({ sent: false, message: expect.stringContaining('resolves to 127.0.0.1') });
    expect(received.length).toBe(before);
    const sent = await mailerFromEnv({ MAIL_HTTP_URL: `http://127.0.0.1:${port}/send`, MAIL_ALLOWED_HOSTS: '127.0.0.1' }).send({
      to: 'a@b.test',
      subject: 's',
      text: 't',
    });
    expect(sent).toMatchObject({ sent: true });
    expect(received.at(-1)).toContain('a@b.test');
  });

  it("a receiver's answer is kept without NUL bytes (the delivery log stores it)", async () => {
    const result = await postJson(`http://127.0.0.1:${port}/nul`, '{}', {}, { ...strict, allowedHosts: ['127.0.0.1'] });
    expect(result).toMatchObject({ statusCode: 200, excerpt: 'ok done' });
  });

  it('one deadline covers the body: a receiver that drips its answer is cut off like one that never answers', async () => {
    const result = await postJson(`http://127.0.0.1:${port}/drip`, '{}', {}, { ...strict, allowedHosts: ['127.0.0.1'], timeoutMs: 600 });
    expect(result).toMatchObject({ statusCode: null, error: 'No answer within 600 ms.', refused: false });
  });

  it('a translation service at a loopback spelling is refused with a reason; allow-listed it is used', async () => {
    const before = received.length;
    const config = { url: `http://[::127.0.0.1]:${port}`, timeoutMs: 2000, allowedHosts: [] };
    await expect(translateTexts(config, 'en', 'fr', { name: 'Hello' })).rejects.toMatchObject({ status: 503, message: expect.stringContaining('loopback') });
    expect(received.length).toBe(before);
    const allowed = { url: `http://127.0.0.1:${port}`, timeoutMs: 2000, allowedHosts: ['127.0.0.1'] };
    expect(await translateTexts(allowed, 'en', 'fr', { name: 'Hello' })).toEqual({ name: 'Bonjour' });
  });
});
