import { Button } from '@mantine/core';
import { useCallback, useState } from 'react';
import { DensityIcon } from './icons';

/**
 * Row density of the lists: comfortable (about 40 px a row) or compact, one choice per member for
 * every list, kept in local storage.
 */
export type Density = 'comfortable' | 'compact';

export const densityStorageKey = (staffId: string | number | null | undefined) => `panel-console-density:${staffId ?? 'anonymous'}`;

export function loadDensity(staffId: string | number | null | undefined): Density {
  try {
    return localStorage.getItem(densityStorageKey(staffId)) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
}

export function useDensity(staffId: string | number | null | undefined): [Density, (next: Density) => void] {
  const [density, setDensityState] = useState<Density>(() => loadDensity(staffId));
  const setDensity = useCallback(
    (next: Density) => {
      setDensityState(next);
      try {
        localStorage.setItem(densityStorageKey(staffId), next);
      } catch {
        /* private mode: the choice lasts for this screen */
      }
    },
    [staffId],
  );
  return [density, setDensity];
}

/** The toolbar's toggle: pressed when rows are compact. */
export function DensityToggle({ density, onChange }: { density: Density; onChange: (next: Density) => void }) {
  const compact = density === 'compact';
  return (
    <Button
      variant={compact ? 'light' : 'default'}
      size="xs"
      leftSection={<DensityIcon />}
      aria-pressed={compact}
      onClick={() => onChange(compact ? 'comfortable' : 'compact')}
    >
      Compact rows
    </Button>
  );
}
