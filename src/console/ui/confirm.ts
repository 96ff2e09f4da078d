import type { ReactNode } from 'react';

/**
 * The global confirmation dialog: `confirm(options)` from anywhere resolves
 * true on agree and false on disagree (button, Esc, click outside, or the session ending).
 * <ConfirmDialogHost/> (mounted once, with the list engine's action host) shows the requests one
 * at a time; when the engine goes (sign-out), open requests are answered "disagree".
 */
export interface ConfirmOptions {
  title?: ReactNode;
  body?: ReactNode;
  /** Agree button text, 'Agree' by default. */
  agree?: string;
  /** Disagree button text, 'Disagree' by default. */
  disagree?: string;
  /** Colour of the agree button (red for destructive moves). */
  agreeColor?: string;
  /**
   * Under the body: true says the move can be undone for a few seconds after (only where the
   * console offers Undo), false that it cannot, a text how it is reversed ("Archive it again…").
   */
  undoable?: boolean | string;
  /** Runs only on agree, before the promise resolves, while the dialog shows progress; its error rejects the promise. */
  onAgree?: () => void | Promise<void>;
}

export const UNDOABLE_TEXT = 'You can undo it for a few seconds after: Undo in the notice, or z.';
export const NOT_UNDOABLE_TEXT = 'This cannot be undone.';

/** The sentence a confirmation says about undoing the move. */
export const undoText = (undoable: boolean | string): string => (typeof undoable === 'string' ? undoable : undoable ? UNDOABLE_TEXT : NOT_UNDOABLE_TEXT);

export const CONFIRM_DEFAULTS = { title: 'Are you sure?', agree: 'Agree', disagree: 'Disagree' } as const;

/** Defaults of list-action confirmations. */
export const ACTION_CONFIRM_DEFAULTS = { title: 'Confirm your move', agree: 'Proceed', disagree: 'Cancel' } as const;

export const CONFIRM_MAX_WIDTH = 600;

export interface ConfirmRequest {
  id: number;
  options: ConfirmOptions;
  /** onAgree is running: the dialog stays open and cannot be dismissed. */
  busy: boolean;
  settle: (agreed: boolean) => void;
}

let queue: ConfirmRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of [...listeners]) listener();
};

export const confirmStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The request on screen (the head of the queue). */
  current(): ConfirmRequest | null {
    return queue[0] ?? null;
  },
  settle(id: number, agreed: boolean): void {
    const request = queue.find((r) => r.id === id);
    if (!request || request.busy) return;
    if (agreed && request.options.onAgree) {
      // The dialog stays up, busy, until the work it confirmed is done.
      queue = queue.map((r) => (r.id === id ? { ...r, busy: true } : r));
      emit();
    } else {
      queue = queue.filter((r) => r.id !== id);
      emit();
    }
    request.settle(agreed);
  },
};

const remove = (id: number) => {
  queue = queue.filter((r) => r.id !== id);
  emit();
};

export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const id = nextId++;
    const settle = (agreed: boolean) => {
      if (!agreed || !options.onAgree) return resolve(agreed);
      Promise.resolve()
        .then(options.onAgree)
        .then(
          () => {
            remove(id);
            resolve(true);
          },
          (error: unknown) => {
            remove(id);
            reject(error);
          },
        );
    };
    queue = [...queue, { id, options, busy: false, settle }];
    emit();
  });
}

/** Answers every open request with "disagree" (logout, tests). */
export function cancelAllConfirms(): void {
  const open = queue;
  queue = [];
  emit();
  for (const request of open) request.settle(false);
}
