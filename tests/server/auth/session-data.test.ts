import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS, PERMISSION_GROUPS, ROLE_PRESETS } from '../../../src/contract/permissions';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { writeAudit, writeChangeLog } from '../../../src/server/audit';
import { auditEntries, changeLogs } from '../../../src/server/db/schema/logs';
import { orders } from '../../../src/server/db/schema/orders';
import { freeTrialRequests } from '../../../src/server/areas/free-trials/schema';
import { permissions, rolePermissions, roles, staffMembers } from '../../../src/server/db/schema/staff';
import { settings } from '../../../src/server/db/schema/settings';
import { getSetting, getSettings } from '../../../src/server/db/settings';
import { runSeed, seedBase, seedDemo } from '../../../src/server/seed';
import { createTestApp, type TestApp } from '../helpers/testServer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const total = async (table: typeof orders | typeof freeTrialRequests | typeof staffMembers | typeof permissions) =>
  (await t.db.select({ n: count() }).from(table))[0].n;

const rolePermissionNames = async (role: string) =>
  (
    await t.db
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(roles.name, role))
  )
    .map((r) => r.name)
    .sort();

describe('seed', () => {
  it('stores every permission with its group and both role presets', async () => {
    const rows = await t.db.select().from(permissions);
    expect(rows.map((r) => r.name).sort()).toEqual([...PERMISSIONS].sort());
    expect(rows.find((r) => r.name === 'freezeUsers')?.group).toBe('Users');
    for (const r of rows) expect(PERMISSION_GROUPS[r.group]).toContain(r.name);
    expect(await rolePermissionNames('Administrator')).toEqual([...ROLE_PRESETS.Administrator].sort());
    expect(await rolePermissionNames('Manager')).toEqual([...ROLE_PRESETS.Manager].sort());
    expect(await getSettings(t.db, ['panelName', 'favicon', 'inhouse', 'captchaIsEnabled'])).toEqual({
      panelName: 'Panel Console',
      favicon: null,
      inhouse: false,
      captchaIsEnabled: false,
    });
  });

  it('seeds demo staff, a few hundred orders across statuses and pending free trials', async () => {
    const staff = await t.db.select({ email: staffMembers.email, name: staffMembers.name }).from(staffMembers);
    expect(staff).toEqual(
      expect.arrayContaining([
        { email: 'admin@example.com', name: 'Ada Admin' },
        { email: 'manager@example.com', name: 'Max Manager' },
      ]),
    );
    expect(await total(orders)).toBeGreaterThanOrEqual(200);
    const statuses = (await t.db.selectDistinct({ s: orders.status }).from(orders)).map((r) => r.s).sort();
    expect(statuses).toEqual(['canceled', 'completed', 'in_moderation', 'in_processing', 'stopped', 'unpaid']);
    const [pending] = await t.db.select({ n: count() }).from(freeTrialRequests).where(eq(freeTrialRequests.status, 'pending'));
    expect(pending.n).toBeGreaterThan(0);
  });

  it('runs again without duplicating anything', async () => {
    const before = await Promise.all([total(orders), total(freeTrialRequests), total(staffMembers), total(permissions)]);
    await runSeed(t.db, { demo: true });
    await seedDemo(t.db);
    expect(await Promise.all([total(orders), total(freeTrialRequests), total(staffMembers), total(permissions)])).toEqual(before);
  });

  it('keeps settings staff changed', async () => {
    await t.db.update(settings).set({ value: sql`'"Acme Panel"'::jsonb` }).where(eq(settings.key, 'panelName'));
    await seedBase(t.db);
    expect(await getSetting(t.db, 'panelName')).toBe('Acme Panel');
    await t.db.update(settings).set({ value: sql`'"Panel Console"'::jsonb` }).where(eq(settings.key, 'panelName'));
  });

  it('adds a permission new to the contract and grants it to the presets that list it, leaving edited grants alone', async () => {
    // Simulate an older database: 'viewUsers' did not exist yet, and staff removed 'manageOrders' from Manager.
    await t.db.delete(permissions).where(eq(permissions.name, 'viewUsers'));
    const [manager] = await t.db.select().from(roles).where(eq(roles.name, 'Manager'));
    const [manageOrders] = await t.db.select().from(permissions).where(eq(permissions.name, 'manageOrders'));
    await t.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, manager.id), eq(rolePermissions.permissionId, manageOrders.id)));

    await seedBase(t.db);
    expect(await rolePermissionNames('Administrator')).toContain('viewUsers');
    const managerNow = await rolePermissionNames('Manager');
    expect(managerNow).toContain('viewUsers');
    expect(managerNow).not.toContain('manageOrders');
  });
});

describe('audit and change log writers', () => {
  const actor = { staffId: null, ip: '192.0.2.1', userAgent: 'UnitAgent' };

  it('write inside the caller transaction: committed with it, gone when it rolls back', async () => {
    await t.db.transaction(async (tx) => {
      await writeAudit(tx, actor, { event: 'updated', auditableType: 'order', auditableId: 9001, oldValues: { status: 'a' }, newValues: { status: 'b' } });
      await writeChangeLog(tx, actor, { actionType: 'cancel', modelType: 'order', modelId: 9001, information: 'Canceled by staff' });
    });
    await t.db
      .transaction(async (tx) => {
        await writeAudit(tx, actor, { event: 'updated', auditableType: 'order', auditableId: 9002 });
        await writeChangeLog(tx, actor, { actionType: 'cancel', modelType: 'order', modelId: 9002, information: { reason: 'x' } });
        throw new Error('roll back');
      })
      .catch(() => {});

    const audits = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.auditableType, 'order'), inArray(auditEntries.auditableId, [9001, 9002])));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      event: 'updated',
      auditableId: 9001,
      ipAddress: '192.0.2.1',
      userAgent: 'UnitAgent',
      oldValues: { status: 'a' },
      newValues: { status: 'b' },
    });
    const logs = await t.db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.modelType, 'order'), inArray(changeLogs.modelId, [9001, 9002])));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actionType: 'cancel', modelId: 9001, information: 'Canceled by staff', staffId: null });
  });

  it('stores structured change-log information as JSON', async () => {
    await writeChangeLog(t.db, actor, { actionType: 'change_provider', modelType: 'order_json', modelId: 1, information: { from: 3, to: 4 } });
    const [log] = await t.db.select().from(changeLogs).where(eq(changeLogs.modelType, 'order_json'));
    expect(log.information).toEqual({ from: 3, to: 4 });
  });
});

describe('JWT secret', () => {
  it('is generated once and kept; JWT_SECRET wins when set', async () => {
    const first = await resolveJwtSecret(t.db, undefined);
    expect(Buffer.from(first, 'base64url')).toHaveLength(48);
    expect(await resolveJwtSecret(t.db, undefined)).toBe(first);
    expect(await resolveJwtSecret(t.db, 'from-env')).toBe('from-env');
    expect(await resolveJwtSecret(t.db, undefined)).toBe(first);
  });
});
