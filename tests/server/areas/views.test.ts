import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client';
import { useTestApp } from '../helpers/testServer';

const t = useTestApp();

const stuck = { resource: 'orders', endpoint: 'ordersTable', name: 'Stuck over 24 h', query: 'status=in_processing&createdAt=..2026-11-23', shared: true };

describe('saved views', () => {
  it('a shared view is seen by every member who may read the list; a private one only by its owner', async () => {
    const admin = await t.memberWith(['viewOrders', 'viewUsers']);
    const manager = await t.memberWith(['viewOrders']);
    const support = await t.memberWith(['viewUsers']);
    const saved = await t.ok('savedViewsStore', { body: stuck }, admin);
    expect(saved.view).toMatchObject({ resource: 'orders', name: 'Stuck over 24 h', query: stuck.query, shared: true, mine: true });
    expect(saved.message).toBe('View "Stuck over 24 h" saved and shared with all staff.');
    await t.ok('savedViewsStore', { body: { ...stuck, name: 'My refunds', query: '?status=canceled', shared: false } }, admin);

    const forAdmin = await t.ok('savedViewsIndex', {}, admin);
    expect(forAdmin.data.filter((v) => v.owner.id === admin.id).map((v) => [v.name, v.query, v.mine])).toEqual([
      ['My refunds', 'status=canceled', true],
      ['Stuck over 24 h', stuck.query, true],
    ]);
    const forManager = await t.ok('savedViewsIndex', {}, manager);
    expect(forManager.data.filter((v) => v.owner.id === admin.id).map((v) => [v.name, v.mine])).toEqual([['Stuck over 24 h', false]]);
    // Without viewOrders the orders views are not listed at all.
    const forSupport = await t.ok('savedViewsIndex', {}, support);
    expect(forSupport.data.filter((v) => v.owner.id === admin.id)).toEqual([]);
  });

  it('only the owner changes or deletes a view; the others get 403 (shared) or 404 (private), nothing changed', async () => {
    const owner = await t.memberWith(['viewOrders']);
    const other = await t.memberWith(['viewOrders']);
    const shared = (await t.ok('savedViewsStore', { body: { ...stuck, name: 'Shared one' } }, owner)).view;
    const mine = (await t.ok('savedViewsStore', { body: { ...stuck, name: 'Private one', shared: false } }, owner)).view;
    const update = { name: 'Taken over', query: 'status=completed', shared: true };
    expect((await t.call('savedViewsUpdate', { params: { viewId: shared.id }, body: update }, other)).status).toBe(403);
    expect((await t.call('savedViewsDestroy', { params: { viewId: shared.id } }, other)).status).toBe(403);
    expect((await t.call('savedViewsUpdate', { params: { viewId: mine.id }, body: update }, other)).status).toBe(404);
    const [kept] = await rows<{ name: string }>(t.db, sql`SELECT name FROM saved_views WHERE id = ${shared.id}`);
    expect(kept.name).toBe('Shared one');

    const renamed = await t.ok('savedViewsUpdate', { params: { viewId: mine.id }, body: { name: 'Renamed', query: 'status=completed', shared: true } }, owner);
    expect(renamed.view).toMatchObject({ name: 'Renamed', query: 'status=completed', shared: true });
    expect((await t.ok('savedViewsDestroy', { params: { viewId: mine.id } }, owner)).message).toBe('View "Renamed" deleted.');
    expect((await t.call('savedViewsDestroy', { params: { viewId: mine.id } }, owner)).status).toBe(404);
    const audits = await rows<{ event: string }>(
      t.db,
      sql`SELECT event FROM audit_entries WHERE auditable_type = 'saved_view' AND auditable_id = ${mine.id} ORDER BY id`,
    );
    expect(audits.map((a) => a.event)).toEqual(['created', 'updated', 'deleted']);
  });

  it('refuses a duplicate name (422 on the field), an unknown list (422) and a list the member may not read (403)', async () => {
    const member = await t.memberWith(['viewOrders']);
    await t.ok('savedViewsStore', { body: { ...stuck, name: 'Twice' } }, member);
    const twice = await t.call('savedViewsStore', { body: { ...stuck, name: 'Twice' } }, member);
    expect(twice.status).toBe(422);
    expect(twice.ok ? null : twice.body.errors).toEqual({ name: ['You already have a view with this name on this list.'] });
    const unknown = await t.call('savedViewsStore', { body: { ...stuck, endpoint: 'ordersShow' } }, member);
    expect(unknown.status).toBe(422);
    expect(unknown.ok ? null : unknown.body.errors).toEqual({ endpoint: ['Unknown list.'] });
    expect((await t.call('savedViewsStore', { body: { ...stuck, resource: 'users', endpoint: 'usersTable' } }, member)).status).toBe(403);
    const blank = await t.call('savedViewsStore', { body: { ...stuck, name: '  ' } }, member);
    expect(blank.status).toBe(422);
    expect(blank.ok ? null : blank.body.errors?.name).toEqual(['Name the view.']);
  });
});
