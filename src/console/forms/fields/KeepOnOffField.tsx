import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';

/** The choices a bulk edit offers for a flag: leave each record as it is, set the flag, clear it. */
export const keepOnOff = (on: string, off: string) => [
  { value: 'keep', label: 'Keep' },
  { value: 'on', label: on },
  { value: 'off', label: off },
];

/** A bulk edit's labelled three-way choice for one flag (Keep, then the words for on and off). */
export function KeepOnOffField({
  id,
  label,
  on,
  off,
  path,
  ...input
}: { id: string; label: string; on: string; off: string; path?: string } & Omit<SegmentedControlProps, 'data'>) {
  return (
    <Stack gap={4} data-path={path}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} data={keepOnOff(on, off)} {...input} />
    </Stack>
  );
}
