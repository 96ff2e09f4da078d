import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../contract/session';
import { api } from '../api/client';
import { loadSettingsOrSaved } from '../offline/startupAnswers';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

export const DEFAULT_PANEL_NAME = 'Panel Console';

export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  // Offline, the settings saved at the last start stand in (panel name, broadcasting).
  queryFn: ({ signal }) => loadSettingsOrSaved(() => api('settings', { signal })),
  networkMode: 'always',
  // Settings change rarely; a tab open all day picks up a rename on the next focus after 5 min.
  staleTime: 5 * 60_000,
});

export interface InstanceSettings {
  panelName: string;
  favicon: string | null;
  inhouse: boolean;
  captchaIsEnabled: boolean;
  captchaSiteKey: string | null;
  broadcasting: PublicSettings['broadcasting'] | null;
  /** False until the settings answered (or failed): the login form waits for the captcha flag. */
  isLoaded: boolean;
  error: unknown;
}

/** The instance settings fetched at start, with safe values until they arrive. */
export function useInstanceSettings(): InstanceSettings {
  const query = useQuery(settingsQueryOptions);
  const data = query.data;
  return {
    panelName: data?.panelName || DEFAULT_PANEL_NAME,
    favicon: data?.favicon ?? null,
    inhouse: data?.inhouse ?? false,
    captchaIsEnabled: data?.captchaIsEnabled ?? false,
    captchaSiteKey: data?.captchaSiteKey ?? null,
    broadcasting: data?.broadcasting ?? null,
    isLoaded: query.isSuccess || query.isError,
    error: query.error,
  };
}

/** panelName -> document title; favicon -> the page's icon link (replaced, not added beside). */
export function applyDocumentSettings(settings: { panelName: string; favicon: string | null }, doc: Document = document): void {
  doc.title = settings.panelName;
  if (!settings.favicon) return;
  const links = doc.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
  links.forEach((link) => link.remove());
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.href = settings.favicon;
  doc.head.appendChild(link);
}

/** Keeps the title and icon in step with the settings. */
export function DocumentSettings() {
  const { panelName, favicon, isLoaded } = useInstanceSettings();
  useEffect(() => {
    if (isLoaded) applyDocumentSettings({ panelName, favicon });
  }, [panelName, favicon, isLoaded]);
  return null;
}
