import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../contract/idempotency';
import { ValidationError, errorMessage, isNetworkError } from '../api/errors';
import { NeedsConnectionError, getMutationQueue, isBrowserOffline } from '../offline/mutationQueue';
import { useListEngine, type DialogSubmitResult, type ListEngine } from '../table/engineContext';
import { detailKeyPrefix, listKeyPrefix } from '../table/listQuery';
import { capitalize, type Resource } from '../table/resource';
import { availableActions, availableBulkActions } from './available';
import { bulkResultsFromAnswer } from './bulkResults';
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
} from './types';

/**
 * Runs declared actions: availability check -> confirmation or dialog -> mutation through the
 * api client -> notification -> reload of the resource's lists and details (operations.md §4:
 * after any table action the table reloads; errors are stored and the table reloaded; bulk
 * actions clear the selection). A ValidationError keeps a dialog open with its field errors.
 *
 * Offline (DESIGN.md §7): an endpoint call made without a connection, or cut off by one, goes to
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

function createRunner(engine: ListEngine, queryClient: QueryClient): RunAction {
  const fail = (resourceName: string, label: string, error: unknown) => {
    const message = describeError(error);
    notifications.show({ color: 'red', title: `${label} failed`, message });
    engine.store.setActionError(resourceName, `${label}: ${message}`);
  };

  return {
    collection: (resource, actionOrId) => runCollection(engine, queryClient, resource, actionOrId),

    async row(resource, actionOrId, row) {
      const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
      const available = availableActions(resource, row, engine.can).find((a) => a.action.id === id);
      const subject = resource.describe(row);
      if (!available) {
        notifications.show({ color: 'yellow', title: 'Not available', message: `This action is not available for ${subject}.` });
        return 'unavailable';
      }
      if (!available.enabled) {
        notifications.show({ color: 'yellow', title: available.action.label, message: available.reason });
        return 'unavailable';
      }
      const action = available.action;
      // An action that opens a screen for the row: nothing to call or confirm.
      if (action.open) {
        engine.navigate(action.open(row));
        return 'done';
      }
      const mutation = action.mutation;
      if (!mutation) throw new Error(`Row action '${action.id}' of '${resource.name}' needs 'open' or a mutation`);
      const inDialog = action.dialog !== undefined;
      let failed = false;
      let queued = false;
      const queueContext: QueueContext = {
        staffId: engine.staffId,
        keyFor: runKeys(),
        label: `${action.label} ${subject}`,
        resourceName: resource.name,
        invalidates: action.invalidates,
      };

      const execute = async (input: unknown): Promise<DialogSubmitResult> => {
        try {
          const result = await runOrQueue(mutation, [row, input], queueContext);
          if (result.queued) {
            queued = true;
            notifications.show({ color: 'blue', title: action.label, message: queuedMessage(queueContext.label) });
            return { ok: true };
          }
          engine.store.setActionError(resource.name, null);
          notifications.show({
            color: 'green',
            title: action.label,
            message: resolveText(action.success, row, action.past ? `${capitalize(subject)} ${action.past}.` : `${action.label}: ${subject} done.`),
          });
          invalidateResourceQueries(queryClient, resource.name, action.invalidates);
          return { ok: true };
        } catch (error) {
          if (inDialog && error instanceof ValidationError) {
            return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
          }
          // What was typed stays in the dialog until the connection returns.
          if (inDialog && error instanceof NeedsConnectionError) {
            return { ok: false, errors: null, message: error.message, keepOpen: true };
          }
          failed = true;
          fail(resource.name, action.label, error);
          invalidateResourceQueries(queryClient, resource.name, action.invalidates);
          return { ok: false, errors: null, message: describeError(error), keepOpen: false };
        }
      };

      if (action.dialog) {
        const outcome = await engine.host.dialog({
          title: `${action.label} — ${subject}`,
          Component: action.dialog,
          rows: [row],
          submit: execute,
        });
        return outcome === 'done' && queued ? 'queued' : outcome;
      }
      if (action.confirm) {
        const confirm = action.confirm;
        const outcome = await engine.host.confirm({
          title: resolveText(confirm.title, row, DEFAULT_CONFIRM_TITLE),
          text: resolveText(confirm.text, row, `${action.label} ${subject}?`),
          undoable: confirm.undoable,
          confirmLabel: confirm.confirmLabel ?? DEFAULT_CONFIRM_LABEL,
          cancelLabel: confirm.cancelLabel ?? DEFAULT_CANCEL_LABEL,
          color: action.color,
          onProceed: async () => {
            await execute(undefined);
          },
        });
        return outcome === 'done' && failed ? 'failed' : outcome === 'done' && queued ? 'queued' : outcome;
      }
      const result = await execute(undefined);
      return result.ok ? (queued ? 'queued' : 'done') : 'failed';
    },

    async bulk(resource, actionOrId, rows, options = {}) {
      const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
      const available = availableBulkActions(resource, rows, engine.can).find((a) => a.action.id === id);
      if (!available) {
        notifications.show({ color: 'yellow', title: 'Not available', message: 'This action is not available.' });
        return 'unavailable';
      }
      if (!available.enabled) {
        notifications.show({ color: 'yellow', title: available.action.label, message: available.reason });
        return 'unavailable';
      }
      const action = available.action;
      const eligible = available.eligible;
      const ids: RowKey[] = eligible.map(resource.keyOf);
      const plural = resource.nouns[1] ?? `${resource.nouns[0]}s`;
      const inDialog = action.dialog !== undefined;
      let failed = false;
      let queued = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        options.onFinished?.();
      };

      const queueContext: QueueContext = {
        staffId: engine.staffId,
        keyFor: runKeys(),
        label: `${action.label} ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}`,
        resourceName: resource.name,
        invalidates: action.invalidates,
        bulkIds: ids,
      };

      const execute = async (input: unknown): Promise<DialogSubmitResult> => {
        try {
          const result = await runOrQueue(action.mutation, [ids, input, eligible], queueContext);
          if (result.queued) {
            queued = true;
            notifications.show({ color: 'blue', title: action.label, message: queuedMessage(queueContext.label) });
            finish();
            return { ok: true };
          }
          const response = result.response;
          const results = (action.results ?? bulkResultsFromAnswer)(response, ids);
          const summary = results ? summarizeBulk(results) : null;
          if (summary && summary.failed.length > 0) {
            const detail = summary.failed.map((r) => `${r.id}${r.message ? `: ${r.message}` : ''}`).join('; ');
            const message = `${summary.ok} of ${results!.length} ${plural} done; failed — ${detail}`;
            notifications.show({ color: 'yellow', title: action.label, message });
            engine.store.setActionError(resource.name, `${action.label}: ${message}`);
          } else {
            engine.store.setActionError(resource.name, null);
            notifications.show({
              color: 'green',
              title: action.label,
              message: resolveText(action.success, eligible, `${action.label}: ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural} done.`),
            });
          }
          invalidateResourceQueries(queryClient, resource.name, action.invalidates);
          finish();
          return { ok: true };
        } catch (error) {
          if (inDialog && error instanceof ValidationError) {
            return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
          }
          if (inDialog && error instanceof NeedsConnectionError) {
            return { ok: false, errors: null, message: error.message, keepOpen: true };
          }
          failed = true;
          fail(resource.name, action.label, error);
          invalidateResourceQueries(queryClient, resource.name, action.invalidates);
          finish();
          return { ok: false, errors: null, message: describeError(error), keepOpen: false };
        }
      };

      if (action.dialog) {
        const outcome = await engine.host.dialog({
          title: `${action.label} — ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}`,
          Component: action.dialog,
          rows: eligible,
          submit: execute,
        });
        return outcome === 'done' && queued ? 'queued' : outcome;
      }
      if (action.confirm) {
        const confirm = action.confirm;
        const outcome = await engine.host.confirm({
          title: resolveText(confirm.title, eligible, DEFAULT_CONFIRM_TITLE),
          text: resolveText(confirm.text, eligible, `${action.label} ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}?`),
          undoable: confirm.undoable,
          confirmLabel: confirm.confirmLabel ?? DEFAULT_CONFIRM_LABEL,
          cancelLabel: confirm.cancelLabel ?? DEFAULT_CANCEL_LABEL,
          color: action.color,
          onProceed: async () => {
            await execute(undefined);
          },
        });
        return outcome === 'done' && failed ? 'failed' : outcome === 'done' && queued ? 'queued' : outcome;
      }
      const result = await execute(undefined);
      return result.ok ? (queued ? 'queued' : 'done') : 'failed';
    },
  };
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
  if (!action || (action.permission && !engine.can(action.permission))) {
    notifications.show({ color: 'yellow', title: 'Not available', message: 'This action is not available.' });
    return 'unavailable';
  }
  if (action.to) {
    engine.navigate(action.to);
    return 'done';
  }
  const mutation = action.mutation;
  if (!action.dialog || !mutation) throw new Error(`Collection action '${action.id}' of '${resource.name}' needs 'to', or a dialog and a mutation`);
  let queued = false;
  let created: string | undefined;
  const queueContext: QueueContext = {
    staffId: engine.staffId,
    keyFor: runKeys(),
    label: action.label,
    resourceName: resource.name,
    invalidates: action.invalidates,
  };
  const execute = async (input: unknown): Promise<DialogSubmitResult> => {
    try {
      const result = await runOrQueue(mutation, [input], queueContext);
      if (result.queued) {
        queued = true;
        notifications.show({ color: 'blue', title: action.label, message: queuedMessage(action.label) });
        return { ok: true };
      }
      notifications.show({ color: 'green', title: action.label, message: resolveText(action.success, result.response, `${action.label}: done.`) });
      invalidateResourceQueries(queryClient, resource.name, action.invalidates);
      created = action.openCreated?.(result.response);
      return { ok: true };
    } catch (error) {
      if (error instanceof ValidationError) return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
      if (error instanceof NeedsConnectionError) return { ok: false, errors: null, message: error.message, keepOpen: true };
      return { ok: false, errors: null, message: describeError(error), keepOpen: true };
    }
  };
  const outcome = await engine.host.dialog({ title: action.label, Component: action.dialog, rows: [], submit: execute });
  if (outcome === 'done' && created) engine.navigate(created);
  return outcome === 'done' && queued ? 'queued' : outcome;
}

/** The action runner of the current list engine. */
export function useRunAction(): RunAction {
  const engine = useListEngine();
  const queryClient = useQueryClient();
  return useMemo(() => createRunner(engine, queryClient), [engine, queryClient]);
}
