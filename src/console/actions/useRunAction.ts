import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../contract/idempotency';
import { ValidationError, errorMessage, isNetworkError } from '../api/errors';
import { NeedsConnectionError, getMutationQueue, isBrowserOffline } from '../offline/mutationQueue';
import { useListEngine, type ConfirmRequest, type DialogRequest, type DialogSubmitResult, type ListEngine } from '../list/engineContext';
import { detailKeyPrefix, listKeyPrefix } from '../list/listQuery';
import { capitalize, type Resource } from '../resource/resource';
import { availableActions, availableBulkActions } from './available';
import { mayRun } from './permission';
import { offerUndo } from './undo';
import { showDoneNotice } from './UndoNotice';
import { bulkResultsFromAnswer } from '../resource/bulkResults';
import {
  DEFAULT_CANCEL_LABEL,
  DEFAULT_CONFIRM_LABEL,
  DEFAULT_CONFIRM_TITLE,
  type BulkActionDef,
  type BulkResult,
  type CollectionActionDef,
  type Mutation,
  type RowActionDef,
  type RowKey,
} from '../resource/actions';

/**
 * Runs declared actions: availability check -> confirmation or dialog -> mutation through the
 * api client -> notification -> reload of the resource's lists and details (after any table
 * action the table reloads, also after an error, so it shows the rows as they are; bulk actions
 * clear the selection). A ValidationError keeps a dialog open with its field errors.
 *
 * Offline: an endpoint call made without a connection, or cut off by one, goes to
 * the member's persisted queue (offline/mutationQueue.ts) and the outcome is 'queued'; a function
 * mutation cannot be stored and fails at once. Every endpoint call carries an Idempotency-Key,
 * one per request of a run, which the queue keeps for the replay.
 */

export type ActionOutcome = 'done' | 'queued' | 'cancelled' | 'failed' | 'unavailable';

export interface RunBulkOptions {
  /** Called once the action ran (successfully or not): the table clears its selection here. */
  onFinished?: () => void;
}

export interface RunAction {
  row: <Row>(resource: Resource<Row>, action: string | RowActionDef<Row, any>, row: Row) => Promise<ActionOutcome>;
  bulk: <Row>(resource: Resource<Row>, action: string | BulkActionDef<Row, any>, rows: Row[], options?: RunBulkOptions) => Promise<ActionOutcome>;
  collection: <Row>(resource: Resource<Row>, action: string | CollectionActionDef<any>) => Promise<ActionOutcome>;
}

/** An endpoint call with the action's arguments applied: what is sent, or queued. */
interface EndpointRequest {
  endpoint: string;
  body?: unknown;
  params?: Record<string, string | number>;
  query?: unknown;
}

function endpointRequest<Args extends unknown[]>(mutation: Mutation<Args>, args: Args): EndpointRequest | null {
  if (typeof mutation === 'function') return null;
  return {
    endpoint: mutation.endpoint,
    body: mutation.body?.(...args),
    params: mutation.params?.(...args),
    query: mutation.query?.(...args),
  };
}

function sendRequest(request: EndpointRequest, idempotencyKey: string): Promise<unknown> {
  // The declaration typed the call against its endpoint (a union over every endpoint); the call itself is widened.
  const call = api as (name: string, options: Record<string, unknown>) => Promise<unknown>;
  return call(request.endpoint, {
    body: request.body,
    params: request.params,
    query: request.query,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * The idempotency keys of one run of an action: sending the same request again (a retry) reuses
 * its key; a dialog submitted again with other input is another request with its own key.
 */
function runKeys(): (request: EndpointRequest) => string {
  const keys = new Map<string, string>();
  return (request) => {
    const id = JSON.stringify(request);
    let key = keys.get(id);
    if (!key) {
      key = newIdempotencyKey();
      keys.set(id, key);
    }
    return key;
  };
}

interface QueueContext {
  staffId: string | number | null;
  keyFor: (request: EndpointRequest) => string;
  /** "Approve order 123": the queue list and the messages. */
  label: string;
  resourceName: string;
  invalidates?: readonly string[];
  bulkIds?: RowKey[];
}

type MutationResult = { queued: false; response: unknown } | { queued: true };

/**
 * Runs the mutation, or queues its endpoint call when there is no connection (before the call, or
 * none came back). A function mutation offline throws NeedsConnectionError.
 */
async function runOrQueue<Args extends unknown[]>(mutation: Mutation<Args>, args: Args, context: QueueContext): Promise<MutationResult> {
  const request = endpointRequest(mutation, args);
  if (!request) {
    if (isBrowserOffline()) throw new NeedsConnectionError(context.label);
    return { queued: false, response: await (mutation as (...a: Args) => Promise<unknown>)(...args) };
  }
  const idempotencyKey = context.keyFor(request);
  let networkError: unknown = null;
  if (!isBrowserOffline()) {
    try {
      return { queued: false, response: await sendRequest(request, idempotencyKey) };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      networkError = error; // the call may have reached the server: the replay keeps its key
    }
  }
  if (context.staffId === null || context.staffId === '') throw networkError ?? new NeedsConnectionError(context.label);
  try {
    await getMutationQueue(context.staffId).enqueue({
      ...request,
      idempotencyKey,
      label: context.label,
      resourceName: context.resourceName,
      invalidates: context.invalidates,
      bulkIds: context.bulkIds,
    });
  } catch {
    throw networkError ?? new NeedsConnectionError(context.label); // no IndexedDB: it cannot wait
  }
  return { queued: true };
}

const queuedMessage = (label: string) => `${label} queued — it will be sent when you are back online.`;

export function invalidateResourceQueries(queryClient: QueryClient, resourceName: string, also: readonly string[] = []): void {
  for (const name of [resourceName, ...also]) {
    void queryClient.invalidateQueries({ queryKey: listKeyPrefix(name) });
    void queryClient.invalidateQueries({ queryKey: detailKeyPrefix(name) });
  }
}

function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    const details = Object.values(error.errors).flat();
    return details.length > 0 && !details.includes(error.message) ? `${error.message} ${details.join(' ')}`.trim() : error.message;
  }
  return errorMessage(error);
}

const resolveText = <S>(text: string | ((subject: S) => string) | undefined, subject: S, fallback: string): string =>
  text === undefined ? fallback : typeof text === 'function' ? text(subject) : text;

function summarizeBulk(results: BulkResult[]): { ok: number; failed: BulkResult[] } {
  const failed = results.filter((r) => !r.ok);
  return { ok: results.length - failed.length, failed };
}

/** How a run asks the member first: a dialog for input, a confirmation, or nothing. */
type Ask = { dialog: Omit<DialogRequest, 'submit'> } | { confirm: Omit<ConfirmRequest, 'onProceed'> } | null;

/** One run of a declared action, as an adapter (row, bulk, collection) describes it to the core. */
interface DeclaredRun {
  /** The action's label: the notifications' title. */
  label: string;
  mutation: Mutation<any[]>;
  /** The mutation's arguments, given the dialog's input (undefined without a dialog). */
  args: (input: unknown) => unknown[];
  /** What a queued call keeps: its label ("Approve order 123"), resource, the lists it affects, a bulk's ids. */
  queue: Omit<QueueContext, 'staffId' | 'keyFor'>;
  ask: Ask;
  /** The answer of a call that went through: the adapter's notification (the lists reload after it). */
  answered: (response: unknown) => void;
  /**
   * A failure other than field errors or a lost connection: shown in the dialog, which stays open
   * (collection actions); otherwise notified, stored above the table and the lists reloaded.
   */
  keepDialogOnFailure?: boolean;
  /** Called once the call went through, was queued or failed (a bulk run clears the selection). */
  settled?: () => void;
}

/** The core every declared action runs through: ask, call or queue, notify, reload. */
async function runDeclared(engine: ListEngine, queryClient: QueryClient, run: DeclaredRun): Promise<ActionOutcome> {
  const { label, queue } = run;
  const keyFor = runKeys();
  const inDialog = run.ask !== null && 'dialog' in run.ask;
  let failed = false;
  let queued = false;

  const execute = async (input: unknown): Promise<DialogSubmitResult> => {
    try {
      const result = await runOrQueue(run.mutation, run.args(input), { ...queue, staffId: engine.staffId, keyFor });
      if (result.queued) {
        queued = true;
        notifications.show({ color: 'blue', title: label, message: queuedMessage(queue.label) });
        run.settled?.();
        return { ok: true };
      }
      run.answered(result.response);
      invalidateResourceQueries(queryClient, queue.resourceName, queue.invalidates);
      run.settled?.();
      return { ok: true };
    } catch (error) {
      if (inDialog && error instanceof ValidationError) {
        return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
      }
      // What was typed stays in the dialog until the connection returns.
      if (inDialog && error instanceof NeedsConnectionError) {
        return { ok: false, errors: null, message: error.message, keepOpen: true };
      }
      if (run.keepDialogOnFailure) return { ok: false, errors: null, message: describeError(error), keepOpen: true };
      failed = true;
      const message = describeError(error);
      notifications.show({ color: 'red', title: `${label} failed`, message });
      engine.store.setActionError(queue.resourceName, `${label}: ${message}`);
      invalidateResourceQueries(queryClient, queue.resourceName, queue.invalidates);
      run.settled?.();
      return { ok: false, errors: null, message, keepOpen: false };
    }
  };

  if (run.ask && 'dialog' in run.ask) {
    const outcome = await engine.host.dialog({ ...run.ask.dialog, submit: execute });
    return outcome === 'done' && queued ? 'queued' : outcome;
  }
  if (run.ask && 'confirm' in run.ask) {
    const outcome = await engine.host.confirm({
      ...run.ask.confirm,
      onProceed: async () => {
        await execute(undefined);
      },
    });
    return outcome === 'done' && failed ? 'failed' : outcome === 'done' && queued ? 'queued' : outcome;
  }
  const result = await execute(undefined);
  return result.ok ? (queued ? 'queued' : 'done') : 'failed';
}

/** The dialog or confirmation a row or bulk action declares, about its subject (a row, or the eligible rows). */
function askFor<S>(
  action: Pick<RowActionDef<any, any>, 'label' | 'color' | 'dialog' | 'confirm' | 'fullScreenDialog'>,
  subject: S,
  rows: unknown[],
  subjectText: string,
): Ask {
  if (action.dialog) return { dialog: { title: `${action.label} — ${subjectText}`, Component: action.dialog, rows, fullScreen: action.fullScreenDialog } };
  const confirm = action.confirm;
  if (!confirm) return null;
  return {
    confirm: {
      title: resolveText(confirm.title as string | ((s: S) => string) | undefined, subject, DEFAULT_CONFIRM_TITLE),
      text: resolveText(confirm.text as string | ((s: S) => string) | undefined, subject, `${action.label} ${subjectText}?`),
      undoable: confirm.undoable,
      confirmLabel: confirm.confirmLabel ?? DEFAULT_CONFIRM_LABEL,
      cancelLabel: confirm.cancelLabel ?? DEFAULT_CANCEL_LABEL,
      color: action.color,
    },
  };
}

/** Shows why a declared action cannot run now. */
function unavailable(title: string, message: string | undefined): ActionOutcome {
  notifications.show({ color: 'yellow', title, message });
  return 'unavailable';
}

/** A row action: open its screen, or run it on the row. */
async function runRow<Row>(
  engine: ListEngine,
  queryClient: QueryClient,
  resource: Resource<Row>,
  actionOrId: string | RowActionDef<Row, any>,
  row: Row,
): Promise<ActionOutcome> {
  const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
  const available = availableActions(resource, row, engine.can).find((a) => a.action.id === id);
  const subject = resource.describe(row);
  if (!available) return unavailable('Not available', `This action is not available for ${subject}.`);
  if (!available.enabled) return unavailable(available.action.label, available.reason);
  const action = available.action;
  // An action that opens a screen for the row: nothing to call or confirm.
  if (action.open) {
    engine.navigate(action.open(row));
    return 'done';
  }
  if (!action.mutation) throw new Error(`Row action '${action.id}' of '${resource.name}' needs 'open' or a mutation`);
  return runDeclared(engine, queryClient, {
    label: action.label,
    mutation: action.mutation as Mutation<any[]>,
    args: (input) => [row, input],
    queue: { label: `${action.label} ${subject}`, resourceName: resource.name, invalidates: action.invalidates },
    ask: askFor(action, row, [row], subject),
    answered: (answer) => {
      engine.store.setActionError(resource.name, null);
      const inverse = inverseOf(action.confirm?.undo, row, resource.rowActions);
      const offer = inverse
        ? offerInverse(engine, queryClient, inverse, {
            subject,
            resourceName: resource.name,
            args: (input) => [row, input],
            done: `${capitalize(subject)} ${inverse.past ?? 'restored'}.`,
          })
        : null;
      const fallback = action.past ? `${capitalize(subject)} ${action.past}.` : `${action.label}: ${subject} done.`;
      const success = action.success;
      showDoneNotice(action.label, typeof success === 'function' ? success(row, answer) : (success ?? fallback), offer);
    },
  });
}

/** What undoing needs of the reversing action. */
interface Inverse {
  label: string;
  past?: string;
  invalidates?: readonly string[];
  mutation: Mutation<any[]>;
}

/** Offers the reversing action of a finished one as the undo, run without asking when taken. */
function offerInverse(
  engine: ListEngine,
  queryClient: QueryClient,
  inverse: Inverse,
  run: { subject: string; resourceName: string; args: (input: unknown) => unknown[]; bulkIds?: RowKey[]; done: string },
) {
  const label = `${inverse.label} ${run.subject}`;
  return offerUndo(label, () =>
    runDeclared(engine, queryClient, {
      label: `Undo: ${inverse.label}`,
      mutation: inverse.mutation,
      args: run.args,
      queue: { label, resourceName: run.resourceName, invalidates: inverse.invalidates, bulkIds: run.bulkIds },
      ask: null,
      answered: () => notifications.show({ color: 'green', title: 'Undone', message: run.done }),
    }),
  );
}

/** The action that reverses a finished one (its `undo`), if it can run without asking. */
function inverseOf<S>(undo: string | ((subject: S) => string | null) | undefined, subject: S, actions: readonly unknown[]): Inverse | null {
  const id = typeof undo === 'function' ? undo(subject) : undo;
  if (!id) return null;
  const inverse = (actions as readonly (Partial<Inverse> & { id: string; dialog?: unknown })[]).find((a) => a.id === id);
  return inverse?.mutation && inverse.label && !inverse.dialog ? (inverse as Inverse) : null;
}

/** A bulk action on the selected rows it applies to; the others are left out. */
async function runBulk<Row>(
  engine: ListEngine,
  queryClient: QueryClient,
  resource: Resource<Row>,
  actionOrId: string | BulkActionDef<Row, any>,
  rows: Row[],
  options: RunBulkOptions,
): Promise<ActionOutcome> {
  const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
  const available = availableBulkActions(resource, rows, engine.can).find((a) => a.action.id === id);
  if (!available) return unavailable('Not available', 'This action is not available.');
  if (!available.enabled) return unavailable(available.action.label, available.reason);
  const action = available.action;
  const eligible = available.eligible;
  const ids: RowKey[] = eligible.map(resource.keyOf);
  const plural = resource.nouns[1] ?? `${resource.nouns[0]}s`;
  const subject = `${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}`;
  let finished = false;
  return runDeclared(engine, queryClient, {
    label: action.label,
    mutation: action.mutation as Mutation<any[]>,
    args: (input) => [ids, input, eligible],
    queue: { label: `${action.label} ${subject}`, resourceName: resource.name, invalidates: action.invalidates, bulkIds: ids },
    ask: askFor(action, eligible, eligible, subject),
    answered: (response) => {
      const results = (action.results ?? bulkResultsFromAnswer)(response, ids);
      const summary = results ? summarizeBulk(results) : null;
      if (summary && summary.failed.length > 0) {
        const detail = summary.failed.map((r) => `${r.id}${r.message ? `: ${r.message}` : ''}`).join('; ');
        const message = `${summary.ok} of ${results!.length} ${plural} done; failed — ${detail}`;
        notifications.show({ color: 'yellow', title: action.label, message });
        engine.store.setActionError(resource.name, `${action.label}: ${message}`);
      } else {
        engine.store.setActionError(resource.name, null);
        const inverse = inverseOf(action.confirm?.undo, eligible, resource.bulkActions);
        const offer = inverse
          ? offerInverse(engine, queryClient, inverse, {
              subject,
              resourceName: resource.name,
              args: (input) => [ids, input, eligible],
              bulkIds: ids,
              done: `${inverse.label}: ${subject} done.`,
            })
          : null;
        showDoneNotice(action.label, resolveText(action.success, eligible, `${action.label}: ${subject} done.`), offer);
      }
    },
    settled: () => {
      if (finished) return;
      finished = true;
      options.onFinished?.();
    },
  });
}

/** Runs a collection action ("New coupon"): a screen to open, or a dialog and its mutation. */
async function runCollection<Row>(
  engine: ListEngine,
  queryClient: QueryClient,
  resource: Resource<Row>,
  actionOrId: string | CollectionActionDef<any>,
): Promise<ActionOutcome> {
  const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
  const action = resource.collectionActions.find((a) => a.id === id);
  if (!action || !mayRun(action, engine.can)) return unavailable('Not available', 'This action is not available.');
  if (action.to) {
    engine.navigate(action.to);
    return 'done';
  }
  const mutation = action.mutation;
  if (!action.dialog || !mutation) throw new Error(`Collection action '${action.id}' of '${resource.name}' needs 'to', or a dialog and a mutation`);
  let created: string | undefined;
  const outcome = await runDeclared(engine, queryClient, {
    label: action.label,
    mutation: mutation as Mutation<any[]>,
    args: (input) => [input],
    queue: { label: action.label, resourceName: resource.name, invalidates: action.invalidates },
    ask: { dialog: { title: action.label, Component: action.dialog, rows: [], fullScreen: action.fullScreenDialog } },
    answered: (response) => {
      notifications.show({ color: 'green', title: action.label, message: resolveText(action.success, response, `${action.label}: done.`) });
      created = action.openCreated?.(response);
    },
    keepDialogOnFailure: true,
  });
  if (outcome === 'done' && created) engine.navigate(created);
  return outcome;
}

function createRunner(engine: ListEngine, queryClient: QueryClient): RunAction {
  return {
    row: (resource, action, row) => runRow(engine, queryClient, resource, action, row),
    bulk: (resource, action, rows, options = {}) => runBulk(engine, queryClient, resource, action, rows, options),
    collection: (resource, action) => runCollection(engine, queryClient, resource, action),
  };
}

/** The action runner of the current list engine. */
export function useRunAction(): RunAction {
  const engine = useListEngine();
  const queryClient = useQueryClient();
  return useMemo(() => createRunner(engine, queryClient), [engine, queryClient]);
}
