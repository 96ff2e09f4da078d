import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import { ordersResource } from '../../../src/console/areas/orders/resource';
import { usersResource } from '../../../src/console/areas/users/resource';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { understand, type ActionIntent, type Intent, type LookupIntent } from '../../../src/console/palette/grammar';
import { rowActionItem, bulkActionItem, contextItems } from '../../../src/console/palette/items';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';
import { prepareNavCommands, rankNavCommands } from '../../../src/console/palette/navigation';
import { typoDistance } from '../../../src/console/palette/fuzzy';

const all = () => true;
const only =
  (...granted: Permission[]) =>
  (p: Permission) =>
    granted.includes(p);

const admin = buildVocabulary(CONSOLE_RESOURCES, all);
const actions = (intents: Intent[]) => intents.filter((i): i is ActionIntent => i.kind === 'action');
const lookups = (intents: Intent[]) => intents.filter((i): i is LookupIntent => i.kind === 'lookup');
const first = (input: string, vocabulary = admin) => actions(understand(input, vocabulary))[0];

describe('palette grammar: actions', () => {
  it.each([
    ['approve order 123'],
    ['Approve Order 123'],
    ['order 123 approve'],
    ['approve o 123'],
    ['approve order #123'],
    ['aprove order 123'],
    ['approve ordr 123'],
    ['appr order 123'],
  ])('%s -> approve order 123', (input) => {
    expect(first(input)).toMatchObject({ resource: 'orders', actionId: 'approve', bulk: false, target: { kind: 'ids', ids: ['123'] } });
  });

  it('takes bulk forms with several ids, in any separator', () => {
    for (const input of ['pause orders 1 2 3', 'pause orders 1, 2, 3', 'orders 1 2 and 3 pause', 'pause 1 2 3 orders']) {
      expect(first(input)).toMatchObject({ resource: 'orders', actionId: 'pause', bulk: true, target: { kind: 'ids', ids: ['1', '2', '3'] } });
    }
  });

  it('offers one command per id for an action that has no bulk form', () => {
    const found = actions(understand('approve orders 5 6', admin)).filter((i) => i.resource === 'orders');
    expect(found.map((i) => [i.bulk, i.target])).toEqual([
      [false, { kind: 'ids', ids: ['5'] }],
      [false, { kind: 'ids', ids: ['6'] }],
    ]);
  });

  it('finds users by e-mail, with or without the noun, and by id', () => {
    expect(first('freeze user bob@example.com')).toMatchObject({ resource: 'users', actionId: 'freeze', target: { kind: 'email', email: 'bob@example.com' } });
    expect(first('freeze bob@example.com')).toMatchObject({ resource: 'users', actionId: 'freeze', target: { kind: 'email', email: 'bob@example.com' } });
    expect(first('freeze user 42')).toMatchObject({ resource: 'users', actionId: 'freeze', target: { kind: 'ids', ids: ['42'] } });
    expect(first('frezee user 42')).toMatchObject({ resource: 'users', actionId: 'freeze' });
    expect(first('user 42 deactivate')).toMatchObject({ resource: 'users', actionId: 'deactivate' });
  });

  it('prefers the longest action name: "cancel and return money" over "cancel"', () => {
    expect(first('cancel and return money order 7')).toMatchObject({
      resource: 'orders',
      actionId: 'cancel-and-return-money',
      target: { kind: 'ids', ids: ['7'] },
    });
    expect(first('cancel order 55')).toMatchObject({ resource: 'orders', actionId: 'cancel', target: { kind: 'ids', ids: ['55'] } });
  });

  it('an id without a noun is ambiguous: every resource with that action is offered, in registry order', () => {
    const found = actions(understand('cancel 55', admin));
    const resources = [...new Set(found.filter((i) => i.actionId === 'cancel').map((i) => i.resource))];
    expect(resources[0]).toBe('orders');
    expect(resources).toEqual(expect.arrayContaining(['orders', 'drip-feeds', 'subscriptions']));
    // Guessed, not named: a list without that id is not worth a "not found" line.
    expect(found.every((i) => !i.named)).toBe(true);
    expect(first('cancel order 55').named).toBe(true);
  });

  it('a verb alone acts on the list on screen (the focused row, or the selection for plural nouns)', () => {
    expect(first('approve')).toMatchObject({ resource: 'orders', actionId: 'approve', target: { kind: 'context' }, bulk: false });
    expect(first('pause orders')).toMatchObject({ resource: 'orders', actionId: 'pause', target: { kind: 'context' }, bulk: true });
    expect(first('pause')).toMatchObject({ actionId: 'pause', bulk: false });
    expect(first('pause selected')).toMatchObject({ resource: 'orders', actionId: 'pause', target: { kind: 'context' }, bulk: true });
  });

  it('an unfinished verb offers every action it could become', () => {
    const ids = new Set(
      actions(understand('a', admin))
        .filter((i) => i.resource === 'orders')
        .map((i) => i.actionId),
    );
    expect(ids).toEqual(new Set(['approve', 'activate']));
  });

  it('never parses an action the member lacks the permission for', () => {
    const manager = buildVocabulary(CONSOLE_RESOURCES, only('viewOrders', 'viewUsers', 'freezeUsers', 'activateUsers'));
    expect(actions(understand('deactivate user 42', manager))).toEqual([]);
    expect(actions(understand('approve order 1', manager))).toEqual([]);
    expect(first('freeze user 42', manager)).toMatchObject({ resource: 'users', actionId: 'freeze' });
    // Without viewOrders, orders are not even a noun: "order 5" looks up nothing there.
    const usersOnly = buildVocabulary(CONSOLE_RESOURCES, only('viewUsers'));
    expect(lookups(understand('order 5', usersOnly)).some((l) => l.resource === 'orders')).toBe(false);
  });

  it('does not mistake unrelated words for actions', () => {
    expect(actions(understand('instagram followers', admin))).toEqual([]);
    expect(actions(understand('xyz 12', admin))).toEqual([]);
  });
});

describe('palette grammar: record lookups', () => {
  it('an id looks up every resource that opens records; a noun narrows it', () => {
    expect(lookups(understand('123', admin)).map((l) => [l.resource, l.by, l.value])).toEqual(
      expect.arrayContaining([
        ['orders', 'id', '123'],
        ['users', 'id', '123'],
      ]),
    );
    expect(lookups(understand('user 123', admin)).map((l) => l.resource)).toEqual(['users']);
  });

  it('an e-mail looks up users by e-mail; words search lists that have a search box', () => {
    expect(lookups(understand('bob@example.com', admin))).toContainEqual(expect.objectContaining({ resource: 'users', by: 'email', value: 'bob@example.com' }));
    const search = lookups(understand('instagram.com/acme', admin));
    expect(search).toContainEqual(expect.objectContaining({ resource: 'orders', by: 'search', value: 'instagram.com/acme' }));
  });
});

describe('palette items: what Enter will do', () => {
  // Rows as the server sends them, reduced to what the items read.
  const order = (status: string, flags: Record<string, boolean>): any => ({ id: 9, status, actions: flags });

  it('says an approve asks to confirm and cannot be undone', () => {
    const item = rowActionItem(ordersResource, 'approve', order('in_moderation', { approvable: true }), all, 'Actions');
    expect(item).toMatchObject({ title: 'Approve order 9', hint: 'Asks to confirm · cannot be undone', disabled: false });
  });

  it('explains a row flag that forbids the action instead of running it', () => {
    const item = rowActionItem(ordersResource, 'approve', order('completed', { approvable: false }), all, 'Actions');
    expect(item).toMatchObject({ disabled: true, hint: 'Order 9 cannot be approved: it is completed.' });
    expect(item?.run).toBeUndefined();
  });

  it('never lists an action the member lacks the permission for', () => {
    expect(rowActionItem(ordersResource, 'approve', order('in_moderation', { approvable: true }), only('viewOrders'), 'Actions')).toBeNull();
  });

  it('a bulk action counts the rows it applies to', () => {
    const rows = [order('in_processing', { pausable: true }), { ...order('completed', { pausable: false }), id: 10 }] as never[];
    const item = bulkActionItem(ordersResource, 'pause', rows, all, 'Actions');
    expect(item?.title).toBe('Pause 2 orders (9, 10)');
    expect(item?.hint).toMatch(/^1 of 2 can be paused/);
  });

  it('puts the focused row and the selection of the list on screen first', () => {
    const user = { id: 4, email: 'bob@example.com', status: 'active', actions: { freezable: true, deactivatable: true } } as never;
    const items = contextItems({ listId: 'users', resource: usersResource, rows: [user], focusedRow: user, selectedRows: [], controls: {} as never }, all);
    expect(items.map((i) => i.title)).toEqual(expect.arrayContaining(['Freeze user 4', 'Open user 4']));
  });
});

describe('palette navigation ranking', () => {
  const commands = prepareNavCommands([
    { id: 'orders', title: 'Orders', href: '/orders', hint: 'Operations' },
    { id: 'mod', title: 'Orders in moderation', href: '/orders?status=in_moderation', hint: 'Counter' },
    { id: 'users', title: 'Users', href: '/users', hint: 'Operations' },
    { id: 'pm', title: 'Payment methods', href: '/payment-methods', hint: 'Finance' },
  ]);
  const rank = (input: string) => rankNavCommands(commands, input, 10).map((r) => r.command.id);

  it('matches words, prefixes and small typos, best first', () => {
    expect(rank('orders in moderation')[0]).toBe('mod');
    expect(rank('moderation')).toEqual(['mod']);
    expect(rank('paym meth')).toEqual(['pm']);
    expect(rank('moderaton')).toEqual(['mod']);
    expect(rank('usrs')).toEqual(['users']);
    expect(rank('zzz')).toEqual([]);
    expect(rank('users')).toEqual(['users']);
  });

  it('counts transpositions as one typo', () => {
    expect(typoDistance('frezee', 'freeze', 2)).toBe(1);
    expect(typoDistance('aprove', 'approve', 2)).toBe(1);
  });
});
