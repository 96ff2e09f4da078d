import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TranslationState } from '../../../contract/catalogue';
import { SERVICE_FLAG_LABELS, type ServiceFlag } from '../../../contract/catalogue/columns';
import { LOCALE_LABELS, LOCALES } from '../../../contract/locales';

/**
 * Cells of the catalogue's lists: a service's flags as small marks with tooltips, and how complete
 * a record's translations are.
 */

/** The flags the list marks (enabled and archived have columns of their own), with a short mark each. */
const MARKED: [ServiceFlag, string][] = [
  ['apiAccess', 'API'],
  ['hasRefill', 'R'],
  ['restrictedAccess', 'RA'],
  ['isDeactivated', 'D'],
  ['moderationIsEnabled', 'M'],
  ['cancelByClientIsAllowed', 'C'],
  ['autoCancel', 'AC'],
  ['urlIsRequired', 'URL'],
  ['forbidsOrdersWithSameUrl', '1U'],
  ['realCounterCompleteIsEnabled', 'RC'],
  ['gatherStatistic', 'S'],
  ['calculatableQuantity', 'Q'],
  ['providersAreUnavailableForALongTime', '!'],
];

export function ServiceFlagMarks({ flags, dripFeed }: { flags: Record<string, boolean>; dripFeed: boolean }) {
  const on = MARKED.filter(([flag]) => flags[flag]);
  const all = [
    ...on.map(([flag, mark]) => ({ label: SERVICE_FLAG_LABELS[flag], mark, warn: flag === 'providersAreUnavailableForALongTime' || flag === 'isDeactivated' })),
    ...(dripFeed ? [{ label: 'Drip-feed allowed', mark: 'DF', warn: false }] : []),
  ];
  if (all.length === 0)
    return (
      <Text component="span" c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Group gap={2} wrap="nowrap" aria-label={`Flags: ${all.map((f) => f.label).join(', ')}`}>
      {all.map((f) => (
        <Tooltip key={f.mark} label={f.label} withArrow openDelay={200}>
          <Badge size="xs" radius="sm" variant="light" color={f.warn ? 'red' : 'gray'} tabIndex={0} aria-hidden="false" style={{ textTransform: 'none' }}>
            <span aria-hidden="true">{f.mark}</span>
            <VisuallyHidden>{f.label}</VisuallyHidden>
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** "10/12" with the missing and stale locales in a tooltip. */
export function TranslationCompleteness({ state }: { state: TranslationState }) {
  const done = state.complete.length;
  const names = (list: readonly string[]) => list.map((l) => LOCALE_LABELS[l as keyof typeof LOCALE_LABELS]).join(', ');
  const detail = [state.missing.length ? `Missing: ${names(state.missing)}` : null, state.stale.length ? `Stale: ${names(state.stale)}` : null]
    .filter(Boolean)
    .join(' · ');
  const color = done === LOCALES.length ? 'teal' : state.stale.length ? 'orange' : 'gray';
  return (
    <Tooltip label={detail || 'Every locale is complete'} withArrow multiline maw={320}>
      <Badge
        size="sm"
        variant="light"
        color={color}
        tabIndex={0}
        style={{ textTransform: 'none' }}
        aria-label={`${done} of ${LOCALES.length} locales complete${detail ? `. ${detail}` : ''}`}
      >
        {done}/{LOCALES.length}
      </Badge>
    </Tooltip>
  );
}

/** A colour swatch and an icon name. */
export function ColorIcon({ color, icon }: { color: string | null; icon: string | null }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: 12,
          height: 12,
          borderRadius: 3,
          background: color ?? 'transparent',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      />
      <Text component="span" size="sm">
        {icon ?? '—'}
      </Text>
    </Group>
  );
}
