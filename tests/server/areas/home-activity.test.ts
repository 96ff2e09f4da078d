import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeActivitySchema } from '../../../src/contract/home';
import { writeAudit, writeChangeLog } from '../../../src/server/audit';
import { createTestApp, type TestApp } from '../helpers/testServer';

let t: TestApp;
let author: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  author = await t.createMember({ name: 'Grace Hopper', permissions: ['viewChangeLogs', 'viewAudits'] });
  const actor = { staffId: author.id, ip: '10.0.0.9', userAgent: 'vitest' };
  for (let i = 1; i <= 12; i++) {
    await writeChangeLog(t.db, actor, { actionType: 'approve', modelType: 'order', modelId: 1000 + i, information: { note: `change ${i}` } });
    await writeAudit(t.db, actor, {
      event: 'updated',
      auditableType: 'order',
      auditableId: 2000 + i,
      oldValues: { status: 'in_moderation' },
      newValues: { status: 'in_processing' },
    });
  }
});

afterAll(async () => {
  await t.close();
});

const activity = async (token?: string) => {
  const res = await t.request('GET', '/api/v1/admin/home/activity', { token });
  return { status: res.status, body: await res.json() };
};

describe('GET /api/v1/admin/home/activity', () => {
  it('gives the latest 10 of each, newest first, to a member with both permissions', async () => {
    const { status, body } = await activity(author.token);
    expect(status).toBe(200);
    const parsed = homeActivitySchema.parse(body);
    expect(parsed.changeLogs).toHaveLength(10);
    expect(parsed.audits).toHaveLength(10);
    expect(parsed.changeLogs[0]).toMatchObject({
      actionType: 'approve',
      modelType: 'order',
      modelId: 1012,
      staffId: author.id,
      staffName: 'Grace Hopper',
      information: { note: 'change 12' },
    });
    expect(parsed.changeLogs.map((c) => c.modelId)).toEqual([1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003]);
    expect(parsed.audits[0]).toMatchObject({
      event: 'updated',
      auditableType: 'order',
      auditableId: 2012,
      staffName: 'Grace Hopper',
      ipAddress: '10.0.0.9',
      userAgent: 'vitest',
      oldValues: { status: 'in_moderation' },
      newValues: { status: 'in_processing' },
    });
    expect(parsed.audits[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof parsed.audits[0]!.id).toBe('number');
  });

  it('leaves out what the member may not see', async () => {
    const auditor = await t.createMember({ permissions: ['viewAudits'] });
    const onlyAudits = homeActivitySchema.parse((await activity(auditor.token)).body);
    expect(onlyAudits.changeLogs).toEqual([]);
    expect(onlyAudits.audits.length).toBeGreaterThan(0);

    const plain = await t.createMember({ permissions: [] });
    const { status, body } = await activity(plain.token);
    expect(status).toBe(200);
    expect(body).toEqual({ changeLogs: [], audits: [] });
  });

  it('needs a signed-in member', async () => {
    expect((await activity()).status).toBe(401);
  });
});
