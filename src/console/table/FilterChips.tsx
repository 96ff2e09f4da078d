import { Badge, CloseButton, Group } from '@mantine/core';
import { useState } from 'react';
import { describeFilter, isEmptyFilter, type FilterOption, type FilterSpec, type FilterValue } from '../resource/filters';
import type { AnyResource, ColumnDef } from '../resource/resource';

interface FilterChipsProps {
  resource: AnyResource;
  /** The columns the member may see: a chip is named by its column's header. */
  columns: readonly Pick<ColumnDef<any>, 'key' | 'header'>[];
  specs: Iterable<[string, FilterSpec]>;
  filters: Record<string, FilterValue>;
  onRemove: (key: string) => void;
}

/** The active filters above the table, each a chip that removes it. */
export function FilterChips({ resource, columns, specs, filters, onRemove }: FilterChipsProps) {
  const chips: { key: string; label: string; spec: FilterSpec; value: FilterValue }[] = [];
  for (const [key, spec] of specs) {
    const value = filters[key];
    const column = columns.find((c) => c.key === key);
    const queryDef = resource.queries[key];
    if ((!column && !queryDef) || isEmptyFilter(spec.kind, value)) continue;
    chips.push({ key, label: column?.header ?? queryDef!.label, spec, value: value as FilterValue });
  }
  if (chips.length === 0) return null;
  return (
    <Group gap={6} aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          tt="none"
          rightSection={<CloseButton size="xs" aria-label={`Remove filter ${chip.label}`} onClick={() => onRemove(chip.key)} />}
        >
          {chip.label}: <FilterChipText spec={chip.spec} value={chip.value} />
        </Badge>
      ))}
    </Group>
  );
}

const NO_OPTIONS = (): undefined => undefined;

/**
 * A chip's value in words: the option's label, also for options fetched at run time (a staff
 * member's name rather than their id). The options hook is fixed for the chip's lifetime.
 */
function FilterChipText({ spec, value }: { spec: FilterSpec; value: FilterValue }) {
  const [useOptions] = useState(() => ('useOptions' in spec && spec.useOptions ? spec.useOptions : NO_OPTIONS));
  const fetched: readonly FilterOption[] | undefined = useOptions();
  const options = fetched ?? ('options' in spec ? spec.options : undefined);
  return <>{describeFilter(spec.kind, value, options)}</>;
}
