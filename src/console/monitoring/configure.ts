import { onLogout, onProfileLoaded } from '../session/lifecycle';
import { createApiAnalytics, getAnalytics, noopAnalytics, setAnalytics } from './analytics';
import { createApiErrorReporter, noopErrorReporter, setErrorReporter } from './errorReporter';
import { installGlobalErrorHandlers } from './globalErrors';

export interface MonitoringEnv {
  /** 'api' (default): POST /api/v1/client-errors; 'none': console only. */
  VITE_ERROR_REPORTER?: string;
  /** 'api' (default): POST /api/v1/page-views; 'none': no tracking. */
  VITE_ANALYTICS?: string;
}

/**
 * Picks the adapters from the build's environment and wires them to the page and the session:
 * global error handlers, analytics started by the profile and stopped by logout. Nothing is sent
 * to a third party unless an adapter for one is installed with setErrorReporter/setAnalytics.
 */
export function setUpMonitoring(env: MonitoringEnv = import.meta.env as MonitoringEnv): () => void {
  setErrorReporter(env.VITE_ERROR_REPORTER === 'none' ? noopErrorReporter : createApiErrorReporter());
  setAnalytics(env.VITE_ANALYTICS === 'none' ? noopAnalytics : createApiAnalytics());
  const uninstall = installGlobalErrorHandlers();
  const offProfile = onProfileLoaded((profile) => getAnalytics().start(profile.id));
  const offLogout = onLogout(() => getAnalytics().stop());
  return () => {
    uninstall();
    offProfile();
    offLogout();
  };
}
