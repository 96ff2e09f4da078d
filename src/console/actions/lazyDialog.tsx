import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { ActionDialogProps } from '../resource/actions';

/**
 * An action dialog that loads when it first opens: resource declarations stay data in the entry
 * chunk (the palette needs them), while each dialog's form code is its own chunk.
 *
 *   dialog: lazyDialog(() => import('../areas/users/EditUserDialog').then((m) => m.EditUserDialog)),
 */
export type LazyDialog<Row, Input> = ComponentType<ActionDialogProps<Row, Input>> & { preload: () => Promise<unknown> };

export function lazyDialog<Row, Input>(load: () => Promise<ComponentType<ActionDialogProps<Row, Input>>>): LazyDialog<Row, Input> {
  let loading: Promise<{ default: ComponentType<ActionDialogProps<Row, Input>> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  const Dialog = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: built once per dialog at module load, not during a render
  function LazyDialog(props: ActionDialogProps<Row, Input>) {
    return (
      <Suspense
        fallback={
          <Center py="lg" role="status" aria-label="Loading the form">
            <Loader size="sm" />
          </Center>
        }
      >
        <FocusFirstField>
          <Dialog {...props} />
        </FocusFirstField>
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/** Loads the dialogs of these actions ahead of use (a list preloads its own on mount). */
export function preloadDialogs(actions: readonly { dialog?: unknown }[]): void {
  for (const action of actions) (action.dialog as Partial<LazyDialog<unknown, unknown>> | undefined)?.preload?.();
}

/**
 * The modal's focus trap ran before a late-loaded form was there: once the form mounts, its
 * `data-autofocus` field takes the focus, as it would have in a dialog loaded with the page.
 */
function FocusFirstField({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    const field = root?.querySelector<HTMLElement>('[data-autofocus]');
    if (root && field && !root.contains(document.activeElement)) field.focus();
  }, []);
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
