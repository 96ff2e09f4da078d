import { reportError } from './errorReporter';

/** Reports uncaught errors and unhandled promise rejections of the page. Returns an uninstall. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reportError(event.error ?? event.message, 'window');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportError(event.reason, 'promise');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
