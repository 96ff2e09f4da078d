import type { MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import type { BodyOf, EndpointPermission, QueryOf } from '../../contract/endpoint';
import type { EndpointName, Endpoints } from '../../contract/endpoints';

/**
 * Row and bulk action declarations. They live inside a resource declaration; the
 * row menu, the bulk bar, keyboard shortcuts and the command palette all read them.
 */

export type RowKey = string | number;

/**
 * Names of the server flags a row carries: keys of `row.actions` (an object of booleans, or a list
 * of names) plus the row's own boolean fields (`canBeMarkedAsPaid`).
 */
type ActionsFlags<Row> = Row extends { actions?: infer A }
  ? NonNullable<A> extends readonly (infer S)[]
    ? Extract<S, string>
    : NonNullable<A> extends object
      ? Extract<keyof NonNullable<A>, string>
      : never
  : never;
type BooleanKeys<Row> = { [K in keyof Row]-?: NonNullable<Row[K]> extends boolean ? K : never }[keyof Row] & string;
export type FlagKey<Row> = ActionsFlags<Row> | BooleanKeys<Row>;

/**
 * A call of an endpoint of the contract, built from the action's arguments. A union over every
 * endpoint name, so `body` is typed by the endpoint named in `endpoint`.
 */
export type EndpointCall<Args extends unknown[]> = {
  [N in EndpointName]: {
    endpoint: N;
    body?: (...args: Args) => BodyOf<Endpoints[N]>;
    params?: (...args: Args) => Record<string, string | number>;
    query?: (...args: Args) => QueryOf<Endpoints[N]>;
  };
}[EndpointName];

/** What an action runs: an endpoint call, or a function for anything more involved. */
export type Mutation<Args extends unknown[]> = EndpointCall<Args> | ((...args: Args) => Promise<unknown>);

export interface ConfirmSpec<Subject> {
  /** Default 'Confirm your move'. */
  title?: string | ((subject: Subject) => string);
  /** Default: "<Label> <order 123>?" (the resource's describe). */
  text?: string | ((subject: Subject) => string);
  /**
   * Adds "This cannot be undone." (false), that it can be undone for a few seconds after (true,
   * with `undo`: a test checks that every such promise names an action that reverses it), or how
   * it is reversed otherwise (a text).
   */
  undoable: boolean | string;
  /**
   * The action of the same kind (row or bulk) of this resource that reverses this one, run without
   * asking when the member undoes it; a function picks it from the row as it was (activate undoes
   * into frozen or inactive), null when there is none for that row.
   */
  undo?: string | ((subject: Subject) => string | null);
  /** Default 'Proceed'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
}

/** Props every action dialog receives. */
export interface ActionDialogProps<Row, Input> {
  /** The rows acted on (one for a row action). */
  rows: Row[];
  /** The single row of a row action (the first row of a bulk action). */
  row: Row;
  /** Runs the mutation; resolves true on success (the dialog then closes), false on failure. */
  onSubmit: (input: Input) => Promise<boolean>;
  onCancel: () => void;
  /** Field errors of the last attempt (ValidationError.errors), null before any. */
  errors: Record<string, string[]> | null;
  /** The general message of the last failed attempt. */
  errorMessage: string | null;
  submitting: boolean;
}

interface ActionBase {
  /** Unique within the resource; the palette's verb ('approve'). */
  id: string;
  /** Menu text ('Approve'). */
  label: string;
  /** Past participle for messages: "Order 123 cannot be approved". */
  past?: string;
  icon?: ReactNode;
  /** Mantine colour of the menu item and confirm button ('red' for destructive moves). */
  color?: MantineColor;
  /**
   * Only for an action that calls no endpoint (opens a screen, runs a function), or that needs one
   * particular permission of the several its endpoint admits; otherwise the endpoint's is used
   * (./permission.ts).
   */
  permission?: EndpointPermission;
  /** The endpoint a function `mutation` calls or an opened screen saves through, whose permission the action needs (an endpoint call names its own). */
  endpoint?: EndpointName;
  /** Palette words besides the id and label ('freeze' -> ['block']). */
  aliases?: readonly string[];
  /** Other resources whose lists and details reload after the action (by resource name). */
  invalidates?: readonly string[];
  /** Its dialog fills the screen (thousands of rows to pick from) instead of being a 600 px form. */
  fullScreenDialog?: boolean;
}

export interface RowActionDef<Row, Input = void> extends ActionBase {
  /** The server flag that enables the action; without it the action is offered but disabled. */
  flag?: FlagKey<Row>;
  /** Hides the action for a row altogether (users: Activate is hidden when active). */
  hidden?: (row: Row) => boolean;
  /** Single-key shortcut on the focused row (lower case letter or digit). */
  shortcut?: string;
  confirm?: ConfirmSpec<Row>;
  /** A dialog collecting input; takes precedence over `confirm`. */
  dialog?: ComponentType<ActionDialogProps<Row, Input>>;
  /**
   * A screen to open for the row instead of a call ('/price-preview?couponCode=…'): no dialog,
   * no confirmation, no mutation. Exactly one of `open` and `mutation` is given.
   */
  open?: (row: Row) => string;
  mutation?: Mutation<[row: Row, input: Input]>;
  /**
   * Success message; default "<Order 123> <past>." A function also gets the server's answer: a
   * money action says what moved (credited, bonus, the new balance).
   */
  success?: string | ((row: Row, answer: unknown) => string);
}

export interface BulkResult {
  id: RowKey;
  ok: boolean;
  message?: string;
}

export interface BulkActionDef<Row, Input = void> extends ActionBase {
  /** Only selected rows carrying this flag are sent. */
  flag?: FlagKey<Row>;
  confirm?: ConfirmSpec<Row[]>;
  dialog?: ComponentType<ActionDialogProps<Row, Input>>;
  mutation: Mutation<[ids: RowKey[], input: Input, rows: Row[]]>;
  /**
   * Reads per-id outcomes from the answer, for the summary ("3 cancelled, 1 failed: …"). Default:
   * the contract's bulk answer `{done, failed}` (bulkResultsFromAnswer).
   */
  results?: (response: unknown, ids: RowKey[]) => BulkResult[] | undefined;
  success?: string | ((rows: Row[]) => string);
}

/**
 * An action on the list as a whole ("New coupon"): a toolbar button, a palette command and a
 * shortcut on the list. It opens a screen (`to`), or a dialog whose input goes to `mutation`
 * (the dialog gets no row: `row` is undefined, so one editor serves create and edit).
 */
export interface CollectionActionDef<Input = any> extends ActionBase {
  /** Single-key shortcut on the list (lower-case letter or digit, not a row action's). */
  shortcut?: string;
  /** A screen to open instead of a dialog ('/services/create'). */
  to?: string;
  dialog?: ComponentType<ActionDialogProps<any, Input>>;
  mutation?: Mutation<[input: Input]>;
  /** Success message; default "<label>: done." */
  success?: string | ((answer: unknown) => string);
  /** Where to go after success (the new record's screen), from the answer. */
  openCreated?: (answer: unknown) => string | undefined;
}

/** Defines a row action with a typed dialog input (plain object literals infer Input as void). */
export const defineRowAction = <Row, Input = void>(action: RowActionDef<Row, Input>): RowActionDef<Row, Input> => action;
export const defineBulkAction = <Row, Input = void>(action: BulkActionDef<Row, Input>): BulkActionDef<Row, Input> => action;
export const defineCollectionAction = <Input = void>(action: CollectionActionDef<Input>): CollectionActionDef<Input> => action;

export const DEFAULT_CONFIRM_TITLE = 'Confirm your move';
export const DEFAULT_CONFIRM_LABEL = 'Proceed';
export const DEFAULT_CANCEL_LABEL = 'Cancel';
export { undoText } from '../ui/confirm';
