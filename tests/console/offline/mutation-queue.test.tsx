import 'fake-indexeddb/auto';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRowAction } from '../../../src/console/resource/actions';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { PlainError, ValidationError, ApiError } from '../../../src/console/api/errors';
import { Dexie } from 'dexie';
import { CONSOLE_DB_NAME, deleteConsoleDb, getConsoleDb } from '../../../src/console/offline/db';
import { ConsoleDb } from '../../../src/console/offline/consoleDb';
import { MutationQueue, getMutationQueue, type EnqueueInput, type ReplayOutcome } from '../../../src/console/offline/mutationQueue';
import { QueuedActions } from '../../../src/console/offline/QueueIndicator';
import { connectMutationQueueToSession } from '../../../src/console/actions/queueReplay';
import { runLogoutCallbacks, runProfileLoadedCallbacks } from '../../../src/console/session/lifecycle';
import { defineResourceOf, type TableEndpointName } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';
import { makeProfile } from '../helpers/app.fixtures';
import { NoteDialog, deferred, mutations, newQueryClient, renderWithEngine, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

/** The browser's connection as navigator.onLine reports it, with the event a real change fires. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const started: MutationQueue[] = [];
/** A started queue (as at sign-in) for a staff member. */
function startedQueue(staffId: number | string = 1, queue = getMutationQueue(staffId)) {
  queue.start();
  started.push(queue);
  return queue;
}

const item = (n: number, overrides: Partial<EnqueueInput> = {}): EnqueueInput => ({
  endpoint: 'ordersApprove',
  body: { orderId: n },
  label: `Approve order ${n}`,
  resourceName: 'orders',
  ...overrides,
});

/** The api calls made so far: endpoint, body and the Idempotency-Key sent. */
const sent = () => apiMock.api.mock.calls.map(([endpoint, options]) => ({ endpoint, body: options?.body, key: options?.headers?.['Idempotency-Key'] }));

beforeEach(async () => {
  await deleteConsoleDb();
});
afterEach(() => {
  cleanup();
  notifications.clean(); // the store outlives the rendered tree: a full one delays the next test's notices
  while (started.length) started.pop()!.stop();
  vi.restoreAllMocks();
});

describe('the queue store', () => {
  it('is added to an existing database without losing its cached answers', async () => {
    await deleteConsoleDb();
    const before = new Dexie(CONSOLE_DB_NAME);
    before.version(1).stores({ queries: '[staffId+queryHash], staffId', queryMeta: '[staffId+queryHash], staffId, dataUpdatedAt' });
    await before
      .table('queries')
      .put({ staffId: '1', queryHash: 'h', queryKey: ['list', 'orders'], data: { items: [] }, dataUpdatedAt: 1, size: 12, buster: 'b' });
    before.close();

    const upgraded = new ConsoleDb();
    expect(await upgraded.queries.count()).toBe(1);
    await new MutationQueue(1, { database: async () => upgraded }).enqueue(item(1));
    expect(await upgraded.mutationQueue.count()).toBe(1);
    upgraded.close();
  });

  it('keeps queued actions across a reload, in order, per staff member', async () => {
    const queue = new MutationQueue(1);
    const first = await queue.enqueue(item(1));
    await queue.enqueue(item(2, { params: { orderId: 2 }, query: { at: new Date('2025-01-02T10:00:00Z') } }));
    await new MutationQueue(2).enqueue(item(3));

    // A reload: a new queue over a new connection to the database.
    const reopened = new ConsoleDb();
    const items = await new MutationQueue(1, { database: async () => reopened }).list();
    reopened.close();
    expect(items.map((i) => i.label)).toEqual(['Approve order 1', 'Approve order 2']);
    expect(items[0]).toMatchObject({
      status: 'queued',
      endpoint: 'ordersApprove',
      body: { orderId: 1 },
      idempotencyKey: first.idempotencyKey,
      resourceName: 'orders',
    });
    // Stored as it would be sent (JSON).
    expect(items[1]).toMatchObject({ params: { orderId: 2 }, query: { at: '2025-01-02T10:00:00.000Z' } });
    expect(items[0].idempotencyKey).not.toBe(items[1].idempotencyKey);
    expect((await new MutationQueue(2).list()).map((i) => i.label)).toEqual(['Approve order 3']);
  });

  it('cancels a waiting action, but not one being sent', async () => {
    const queue = new MutationQueue(1);
    const a = await queue.enqueue(item(1));
    const b = await queue.enqueue(item(2));
    expect(await queue.cancel(a.id)).toBe(true);
    expect((await queue.list()).map((i) => i.id)).toEqual([b.id]);

    const answer = deferred<unknown>();
    apiMock.api.mockReturnValueOnce(answer.promise);
    startedQueue(1, queue);
    const replay = queue.replay();
    await waitFor(async () => expect((await queue.list())[0].status).toBe('sending'));
    expect(await queue.cancel(b.id)).toBe(false);
    answer.resolve({ message: 'ok' });
    await replay;
    expect(await queue.list()).toEqual([]);
  });
});

describe('replay', () => {
  it('sends the actions one at a time in creation order, each with its own stored key, and empties the queue', async () => {
    const queue = new MutationQueue(1);
    const keys: string[] = [];
    for (const n of [1, 2, 3]) keys.push((await queue.enqueue(item(n))).idempotencyKey);
    let inFlight = 0;
    apiMock.api.mockImplementation(async () => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return { message: 'ok' };
    });
    const outcomes: ReplayOutcome[] = [];
    queue.onReplayed((o) => outcomes.push(o));

    await startedQueue(1, queue).replay();
    expect(sent()).toEqual([1, 2, 3].map((n, i) => ({ endpoint: 'ordersApprove', body: { orderId: n }, key: keys[i] })));
    expect(await queue.list()).toEqual([]);
    expect(outcomes.map((o) => [o.item.label, o.ok])).toEqual([
      ['Approve order 1', true],
      ['Approve order 2', true],
      ['Approve order 3', true],
    ]);
  });

  it('sends nothing for a queue that is not started, and starting one member stops another', async () => {
    const first = getMutationQueue(1);
    const second = getMutationQueue(2);
    await first.enqueue(item(1));
    await first.replay();
    expect(apiMock.api).not.toHaveBeenCalled();

    startedQueue(1, first);
    startedQueue(2, second);
    expect(first.started).toBe(false);
    await first.replay();
    expect(apiMock.api).not.toHaveBeenCalled();
  });

  it('resends an action cut off by a reload with the same idempotency key', async () => {
    const queue = new MutationQueue(1);
    const { idempotencyKey } = await queue.enqueue(item(1));
    apiMock.api.mockReturnValueOnce(new Promise(() => {})); // the page closes before the answer
    startedQueue(1, queue);
    void queue.replay();
    await waitFor(async () => expect((await queue.list())[0].status).toBe('sending'));
    queue.stop();

    const reopened = new ConsoleDb();
    const reloaded = startedQueue(1, new MutationQueue(1, { database: async () => reopened }));
    apiMock.api.mockResolvedValueOnce({ message: 'ok' });
    await reloaded.replay();
    expect(sent().map((c) => c.key)).toEqual([idempotencyKey, idempotencyKey]);
    expect(await reloaded.list()).toEqual([]);
    reopened.close();
  });

  it("keeps the server's 409 and 422 against their actions and still sends the next one", async () => {
    const queue = new MutationQueue(1);
    await queue.enqueue(item(1));
    await queue.enqueue(item(2, { endpoint: 'ordersCancel', label: 'Cancel order 2' }));
    await queue.enqueue(item(3));
    apiMock.api
      .mockRejectedValueOnce(new PlainError('Order 1 cannot be approved: it is completed.', 409))
      .mockRejectedValueOnce(new ValidationError('The reason is required.', { cancelReason: ['The reason is required.'] }))
      .mockResolvedValueOnce({ message: 'ok' });
    const outcomes: ReplayOutcome[] = [];
    queue.onReplayed((o) => outcomes.push(o));

    await startedQueue(1, queue).replay();
    expect(apiMock.api).toHaveBeenCalledTimes(3);
    const items = await queue.list();
    expect(items.map((i) => [i.label, i.status])).toEqual([
      ['Approve order 1', 'failed'],
      ['Cancel order 2', 'failed'],
    ]);
    expect(items[0].error).toEqual({ status: 409, message: 'Order 1 cannot be approved: it is completed.' });
    expect(items[1].error).toEqual({ status: 422, message: 'The reason is required.', fieldErrors: { cancelReason: ['The reason is required.'] } });
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);

    // A failed action is not sent again by the next replay.
    await queue.replay();
    expect(apiMock.api).toHaveBeenCalledTimes(3);
  });

  it('stops at a network error, keeps the rest queued, and goes on when the browser is back online', async () => {
    const queue = getMutationQueue(1);
    for (const n of [1, 2, 3]) await queue.enqueue(item(n));
    apiMock.api.mockResolvedValueOnce({ message: 'ok' }).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const disconnect = connectMutationQueueToSession({ queryClient: newQueryClient() });
    try {
      runProfileLoadedCallbacks(makeProfile([], { id: 1 })); // sign-in starts the replay
      await waitFor(() => expect(apiMock.api).toHaveBeenCalledTimes(2));
      await waitFor(async () =>
        expect((await queue.list()).map((i) => [i.label, i.status])).toEqual([
          ['Approve order 2', 'queued'],
          ['Approve order 3', 'queued'],
        ]),
      );
      const key2 = (await queue.list())[0].idempotencyKey;

      apiMock.api.mockResolvedValue({ message: 'ok' });
      setOnline(true); // the 'online' event
      await waitFor(async () => expect(await queue.list()).toEqual([]));
      expect(
        sent()
          .slice(1)
          .map((c) => [c.body, c.key]),
      ).toEqual([
        [{ orderId: 2 }, key2],
        [{ orderId: 2 }, key2],
        [{ orderId: 3 }, expect.any(String)],
      ]);
    } finally {
      await runLogoutCallbacks({ userId: 1 });
      disconnect();
    }
  });

  it("keeps a member's queue at logout and never replays it for the next member", async () => {
    await getMutationQueue(1).enqueue(item(1));
    apiMock.api.mockResolvedValue({ message: 'ok' });
    const disconnect = connectMutationQueueToSession({ queryClient: newQueryClient() });
    try {
      setOnline(false);
      runProfileLoadedCallbacks(makeProfile([], { id: 1 }));
      await runLogoutCallbacks({ userId: 1 });
      runProfileLoadedCallbacks(makeProfile([], { id: 2 }));
      setOnline(true);
      await getMutationQueue(2).replay();
      expect(apiMock.api).not.toHaveBeenCalled();
      expect((await getMutationQueue(1).list()).map((i) => i.label)).toEqual(['Approve order 1']);
    } finally {
      await runLogoutCallbacks({ userId: 2 });
      disconnect();
    }
  });

  it("lets one tab replay a member's queue at a time", async () => {
    const queue = startedQueue(1, new MutationQueue(1));
    await queue.enqueue(item(1));
    apiMock.api.mockResolvedValue({ message: 'ok' });
    let held = true; // another tab holds the lock
    const request = vi.fn(async (_name: string, _options: LockOptions, callback: (lock: Lock | null) => Promise<void>) =>
      callback(held ? null : ({ name: _name, mode: 'exclusive' } as Lock)),
    );
    vi.spyOn(navigator, 'locks', 'get').mockReturnValue({ request } as unknown as LockManager);

    await queue.replay();
    expect(request).toHaveBeenCalledWith('panel-console-queue-1', { ifAvailable: true }, expect.any(Function));
    expect(apiMock.api).not.toHaveBeenCalled();
    held = false;
    await queue.replay();
    expect(apiMock.api).toHaveBeenCalledTimes(1);
  });

  it('stops on a 401 and keeps the action queued', async () => {
    const queue = startedQueue(1, new MutationQueue(1));
    await queue.enqueue(item(1));
    await queue.enqueue(item(2));
    apiMock.api.mockRejectedValueOnce(new PlainError('Unauthenticated.', 401));
    await queue.replay();
    expect(apiMock.api).toHaveBeenCalledTimes(1);
    expect(queue.started).toBe(false);
    expect((await queue.list()).map((i) => i.status)).toEqual(['queued', 'queued']);
  });

  it('retries a refused action with a new key, and a conflicting one with its own key', async () => {
    const queue = startedQueue(1, new MutationQueue(1));
    const refused = await queue.enqueue(item(1));
    const conflicting = await queue.enqueue(item(2));
    apiMock.api
      .mockRejectedValueOnce(new ValidationError('Invalid.', { orderId: ['Invalid.'] }))
      .mockRejectedValueOnce(new ApiError('Still being processed.', 409));
    await queue.replay();

    apiMock.api.mockResolvedValue({ message: 'ok' });
    await queue.retry(refused.id);
    await queue.retry(conflicting.id);
    expect(await queue.list()).toEqual([]);
    const [, , retried1, retried2] = sent();
    expect(retried1.key).not.toBe(refused.idempotencyKey);
    expect(retried2.key).toBe(conflicting.idempotencyKey);
  });
});

// A resource whose actions call contract endpoints (the api client is mocked).
const orderRowSchema = z.object({ id: z.number(), actions: z.object({ approvable: z.boolean() }) });
type OrderLike = z.infer<typeof orderRowSchema>;
const ordersLike = defineResourceOf<OrderLike>()({
  name: 'orders',
  title: 'Orders',
  nouns: ['order', 'orders'],
  endpoint: 'ordersTable' as unknown as TableEndpointName,
  table: defineTableSpec({ columns: { id: {} } }),
  columns: [{ key: 'id', header: 'ID' }],
  rowActions: [
    {
      id: 'approve',
      label: 'Approve',
      past: 'approved',
      flag: 'approvable',
      confirm: { text: 'Approve?', undoable: true },
      mutation: { endpoint: 'ordersApprove', body: (o) => ({ orderId: o.id }) },
    },
    defineRowAction<OrderLike, { note: string }>({
      id: 'note',
      label: 'Add note',
      dialog: NoteDialog as never,
      mutation: { endpoint: 'ordersCancel', body: (o, input) => ({ orderId: o.id, note: input.note }) as never },
    }),
  ],
  bulkActions: [
    { id: 'approve', label: 'Approve', flag: 'approvable', mutation: { endpoint: 'ordersBulkComplete', body: (ids) => ({ ordersIds: ids.map(Number) }) } },
  ],
});
const order = (id: number): OrderLike => ({ id, actions: { approvable: true } });

function mountRunner() {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  const rendered = renderWithEngine(
    <>
      <Notifications />
      <Probe />
    </>,
    { staffId: 1 },
  );
  return { ...rendered, run: () => ref.current! };
}

describe('running an action without a connection', () => {
  it('queues the endpoint call after the confirmation and says so', async () => {
    setOnline(false);
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersLike, 'approve', order(123));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('queued');
    expect(apiMock.api).not.toHaveBeenCalled();
    expect(await screen.findByText('Approve order 123 queued — it will be sent when you are back online.')).toBeInTheDocument();
    const [queued] = await getMutationQueue(1).list();
    expect(queued).toMatchObject({ label: 'Approve order 123', endpoint: 'ordersApprove', body: { orderId: 123 }, resourceName: 'orders', status: 'queued' });
    expect(queued.idempotencyKey).toMatch(/^[\x20-\x7E]{16,255}$/);
  });

  it('queues a call cut off by the network with the key it was sent with', async () => {
    apiMock.api.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersLike, 'approve', order(5));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('queued');
    const [queued] = await getMutationQueue(1).list();
    expect(queued.idempotencyKey).toBe(sent()[0].key);
  });

  it('closes a dialog and keeps what was typed in the queue', async () => {
    setOnline(false);
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersLike, 'note', order(8));
    });
    await userEvent.type(await screen.findByLabelText('Note'), 'Customer called');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await expect(outcome!).resolves.toBe('queued');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await getMutationQueue(1).list())[0]).toMatchObject({ label: 'Add note order 8', body: { orderId: 8, note: 'Customer called' } });
  });

  it('queues a bulk action and clears the selection', async () => {
    setOnline(false);
    const onFinished = vi.fn();
    const { run } = mountRunner();
    let outcome: ActionOutcome | undefined;
    await act(async () => {
      outcome = await run().bulk(ordersLike, 'approve', [order(1), order(2)], { onFinished });
    });
    expect(outcome).toBe('queued');
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect((await getMutationQueue(1).list())[0]).toMatchObject({ label: 'Approve 2 orders', body: { ordersIds: [1, 2] }, bulkIds: [1, 2] });
  });

  it('refuses an action that cannot be queued, saying it needs a connection', async () => {
    setOnline(false);
    const freeze = vi.spyOn(mutations, 'freeze');
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'freeze', user(1));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('failed');
    expect(freeze).not.toHaveBeenCalled();
    expect(await screen.findByText(/Freeze user user1@example.com needs a connection/)).toBeInTheDocument();
    expect(await getMutationQueue(1).list()).toEqual([]);
  });
});

describe('idempotency keys of online actions', () => {
  it('sends a key with every endpoint call, a new one when a dialog is sent again with other input', async () => {
    apiMock.api.mockRejectedValueOnce(new ValidationError('Too short.', { note: ['Too short.'] })).mockResolvedValue({ message: 'ok' });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersLike, 'note', order(8));
    });
    const input = await screen.findByLabelText('Note');
    await userEvent.type(input, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Too short.')).toBeInTheDocument();
    await userEvent.type(input, ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await expect(outcome!).resolves.toBe('done');
    const [first, second] = sent();
    expect(first.key).toEqual(expect.any(String));
    expect(second.key).toEqual(expect.any(String));
    expect(second.key).not.toBe(first.key);
  });
});

describe('the queue in the header', () => {
  async function fillQueue() {
    const queue = getMutationQueue(1);
    await queue.enqueue(item(1));
    const refused = await queue.enqueue(item(2, { endpoint: 'ordersCancel', label: 'Cancel order 2' }));
    await queue.enqueue(item(3));
    await (await getConsoleDb()).mutationQueue.update(refused.id, {
      status: 'failed',
      error: { status: 422, message: 'The given data was invalid.', fieldErrors: { cancelReason: ['The reason is required.'] } },
    });
    return queue;
  }

  it('is hidden while nothing is queued', async () => {
    renderWithEngine(<QueuedActions staffId={1} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('button', { name: /queued action/ })).toBeNull();
  });

  it("shows the count, the list in order and the server's answer against a failed action", async () => {
    setOnline(false);
    const queue = await fillQueue();
    renderWithEngine(<QueuedActions staffId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: '3 queued actions, 1 failed' }));

    const list = await screen.findByRole('list', { name: 'Queued actions' });
    const entries = Array.from(list.children);
    expect(entries.map((e) => e.getAttribute('aria-label'))).toEqual(['Approve order 1', 'Cancel order 2', 'Approve order 3']);
    expect(entries[0]).toHaveTextContent('Waiting');
    expect(entries[1]).toHaveTextContent('Failed');
    expect(entries[1]).toHaveTextContent('Refused by the server (422)');
    expect(entries[1]).toHaveTextContent('The given data was invalid.');
    expect(entries[1]).toHaveTextContent('Cancel reason: The reason is required.');
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Cancel order 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Approve order 1' }));
    await waitFor(async () => expect((await queue.list()).map((i) => i.label)).toEqual(['Approve order 3']));
    expect(await screen.findByRole('button', { name: '1 queued action' })).toBeInTheDocument();
  });

  it('sends the queue on "Send now" and retries a failed action', async () => {
    const queue = startedQueue(1, await fillQueue());
    apiMock.api.mockResolvedValue({ message: 'ok' });
    renderWithEngine(<QueuedActions staffId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: '3 queued actions, 1 failed' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(async () => expect((await queue.list()).map((i) => i.label)).toEqual(['Cancel order 2']));
    expect(await screen.findByRole('button', { name: '1 queued action, 1 failed' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry Cancel order 2' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /queued action/ })).toBeNull());
    expect(sent().map((c) => c.endpoint)).toEqual(['ordersApprove', 'ordersApprove', 'ordersCancel']);
  });
});
