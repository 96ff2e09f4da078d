import type { ProviderType } from '../../contract/providers/columns';
import { SIMULATED_PANEL_PATHS } from '../upstream/target';

/**
 * The simulated upstream panels the demo and the tests buy from. Each answers the SMM panel API v2
 * at its own path of the server (any host and port), with its own catalogue and accounts.
 *
 * - `panvy` behaves as another panel of ours (type socpanel, shown as "panvy"): besides the API v2
 *   actions it answers `panel_info` (is_our_panel, its canonical endpoint), `packages` and
 *   `create_account`, so validate, package import and account creation work against it.
 * - `perfect` behaves as a foreign Perfect Panel: API v2 only; `panel_info` is an unknown action.
 *
 * The preset providers of the providers area point at these paths. The paths are the upstream side's
 * (SIMULATED_PANEL_PATHS), which sends calls to them to this server.
 */
export interface SimPanel {
  key: 'panvy' | 'perfect';
  name: string;
  type: ProviderType;
  /** Path of its API v2 endpoint on this server. */
  path: string;
  /** The currency its prices and balances are in. */
  currency: string;
}

export const SIM_PANELS: readonly SimPanel[] = [
  { key: 'panvy', name: 'Panvy Partner (simulated)', type: 'socpanel', path: SIMULATED_PANEL_PATHS[0], currency: 'USD' },
  { key: 'perfect', name: 'Perfect Supply (simulated)', type: 'perfect_panel', path: SIMULATED_PANEL_PATHS[1], currency: 'EUR' },
];
