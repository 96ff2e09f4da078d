import { useEffect } from 'react';
import { preloadDialogs } from '../actions/lazyDialog';
import type { AnyResource } from '../resource/resource';

/**
 * The list's dialogs load while the member reads it, so a shortcut opens a ready form. Once the
 * browser is idle: loading the dialogs' code must not compete with the list's first paint.
 */
export function usePreloadedDialogs(resource: AnyResource): void {
  useEffect(() => {
    const preload = () => preloadDialogs([...resource.rowActions, ...resource.bulkActions, ...resource.collectionActions]);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 300);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [resource]);
}
