import { Button, Checkbox, Group, NumberInput, Popover, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type SyntheticEvent } from 'react';
import type { DateRange, FilterOption, FilterSpec, FilterValue, NumberRange } from '../resource/filters';
import { FilterIcon, SortAscIcon, SortDescIcon, UnsortedIcon } from './icons';
import a11y from '../ui/a11y.module.css';
import iconButton from '../ui/IconButton.module.css';
import classes from './ResourceTable.module.css';

/**
 * The filter button of a column header and its popover, one editor per filter kind. Text and
 * ranges apply on Enter or 'Apply'; selects, checkboxes and yes/no apply at once.
 */

interface EditorProps<V> {
  label: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  close: () => void;
}

type OptionsSpec = Extract<FilterSpec, { kind: 'select' | 'multiSelect' }>;

const staticOptions = (options: readonly FilterOption[] | undefined) => () => options ?? [];

/** Options of a select filter; `useOptions` is a hook, stable for a column's lifetime. */
function useSpecOptions(spec: OptionsSpec): readonly FilterOption[] {
  const [hook] = useState(() => spec.useOptions ?? staticOptions(spec.options));
  return hook();
}

function ApplyBar({ onClear, canClear }: { onClear: () => void; canClear: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Button variant="subtle" size="xs" onClick={onClear} disabled={!canClear}>
        Clear
      </Button>
      <Button type="submit" size="xs">
        Apply
      </Button>
    </Group>
  );
}

function TextFilter({ label, value, onChange, close, placeholder }: EditorProps<string> & { placeholder?: string }) {
  const [draft, setDraft] = useState(value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft.trim() || undefined);
    close();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <TextInput label={label} value={draft} placeholder={placeholder} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />
        <ApplyBar
          canClear={value !== undefined}
          onClear={() => {
            onChange(undefined);
            close();
          }}
        />
      </Stack>
    </form>
  );
}

function SelectFilter({ spec, label, value, onChange, close }: EditorProps<string> & { spec: OptionsSpec }) {
  const options = useSpecOptions(spec);
  return (
    <Select
      label={label}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value ?? null}
      clearable
      searchable={options.length > 8}
      comboboxProps={{ withinPortal: false }}
      onChange={(next) => {
        onChange(next ?? undefined);
        close();
      }}
      data-autofocus
    />
  );
}

function MultiSelectFilter({ spec, label, value, onChange }: EditorProps<string[]> & { spec: OptionsSpec }) {
  const options = useSpecOptions(spec);
  const selected = value ?? [];
  return (
    <Stack gap="xs">
      <Checkbox.Group label={label} value={selected} onChange={(next) => onChange(next.length ? next : undefined)}>
        <Stack gap={6} mt={4}>
          {options.map((o, i) => (
            <Checkbox key={o.value} value={o.value} label={o.label} data-autofocus={i === 0 || undefined} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button variant="subtle" size="xs" onClick={() => onChange(undefined)} disabled={selected.length === 0}>
        Clear
      </Button>
    </Stack>
  );
}

function NumberRangeFilter({ label, value, onChange, close, spec }: EditorProps<NumberRange> & { spec: Extract<FilterSpec, { kind: 'numberRange' }> }) {
  const [from, setFrom] = useState<string | number>(value?.from ?? '');
  const [to, setTo] = useState<string | number>(value?.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range: NumberRange = {};
    if (from !== '' && Number.isFinite(Number(from))) range.from = Number(from);
    if (to !== '' && Number.isFinite(Number(to))) range.to = Number(to);
    onChange(range.from === undefined && range.to === undefined ? undefined : range);
    close();
  };
  const common = { min: spec.min, max: spec.max, step: spec.step, decimalScale: spec.decimals, thousandSeparator: ' ' } as const;
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <NumberInput label="From" value={from} onChange={setFrom} {...common} data-autofocus />
          <NumberInput label="To" value={to} onChange={setTo} {...common} />
        </Group>
        <ApplyBar
          canClear={value !== undefined}
          onClear={() => {
            onChange(undefined);
            close();
          }}
        />
      </Stack>
    </form>
  );
}

function DateRangeFilter({ label, value, onChange, close }: EditorProps<DateRange>) {
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range: DateRange = {};
    if (from) range.from = from;
    if (to) range.to = to;
    onChange(range.from === undefined && range.to === undefined ? undefined : range);
    close();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <TextInput type="date" label="From" value={from} max={to || undefined} onChange={(e) => setFrom(e.currentTarget.value)} data-autofocus />
          <TextInput type="date" label="To" value={to} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        <ApplyBar
          canClear={value !== undefined}
          onClear={() => {
            onChange(undefined);
            close();
          }}
        />
      </Stack>
    </form>
  );
}

function BooleanFilter({ label, value, onChange, spec }: EditorProps<boolean> & { spec: Extract<FilterSpec, { kind: 'boolean' }> }) {
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        value={value === undefined ? 'any' : value ? 'true' : 'false'}
        onChange={(next) => onChange(next === 'any' ? undefined : next === 'true')}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'true', label: spec.trueLabel ?? 'Yes' },
          { value: 'false', label: spec.falseLabel ?? 'No' },
        ]}
      />
    </Stack>
  );
}

export interface FilterEditorProps {
  spec: FilterSpec;
  header: string;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  close: () => void;
}

/** The editor of one filter kind. */
export function FilterEditor({ spec, header, value, onChange, close }: FilterEditorProps) {
  const label = `Filter ${header}`;
  switch (spec.kind) {
    case 'text':
      return <TextFilter label={label} value={value as string | undefined} onChange={onChange} close={close} placeholder={spec.placeholder} />;
    case 'select':
      // Without options the value is exact and typed by hand (an id).
      if (!spec.options && !spec.useOptions) {
        return (
          <TextFilter label={label} value={value as string | undefined} onChange={onChange} close={close} placeholder={spec.placeholder ?? 'Exact value'} />
        );
      }
      return <SelectFilter spec={spec} label={label} value={value as string | undefined} onChange={onChange} close={close} />;
    case 'multiSelect':
      return <MultiSelectFilter spec={spec} label={label} value={value as string[] | undefined} onChange={onChange} close={close} />;
    case 'numberRange':
      return <NumberRangeFilter spec={spec} label={label} value={value as NumberRange | undefined} onChange={onChange} close={close} />;
    case 'dateRange':
      return <DateRangeFilter label={label} value={value as DateRange | undefined} onChange={onChange} close={close} />;
    case 'boolean':
      return <BooleanFilter spec={spec} label={label} value={value as boolean | undefined} onChange={onChange} close={close} />;
  }
}

// Nothing inside the filter (rendered through a portal, so React still bubbles to the header)
// may reach the row or table handlers.
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

export interface ColumnHeaderProps {
  header: string;
  /** The column's current sort direction; null when it sorts but is not the sort; undefined when it cannot sort. */
  sorted?: 'asc' | 'desc' | null;
  onSort?: () => void;
  /** The column's filter, when it has one. */
  filter?: Omit<FilterEditorProps, 'close' | 'header'> & { active: boolean };
}

/**
 * A column header: its text (a sort button when the column sorts) and its filter button. The
 * two controls sit side by side — never one inside the other — so each has its own name and key.
 */
export function ColumnHeader({ header, sorted, onSort, filter }: ColumnHeaderProps): ReactNode {
  // Plain elements styled by the stylesheet: a list draws a dozen headers on every start.
  const title =
    sorted === undefined || !onSort ? (
      <span className={classes.headerText}>{header}</span>
    ) : (
      <button type="button" className={classes.sortButton} onClick={onSort} data-sorted={sorted ?? undefined}>
        <span className={classes.headerText}>{header}</span>
        {sorted === 'asc' ? <SortAscIcon /> : sorted === 'desc' ? <SortDescIcon /> : <UnsortedIcon />}
        {sorted && <span className={a11y.visuallyHidden}>{sorted === 'asc' ? ', sorted ascending' : ', sorted descending'}</span>}
      </button>
    );
  return (
    <span className={classes.header}>
      {title}
      {filter && <FilterButton header={header} {...filter} />}
    </span>
  );
}

function FilterButton({ header, active, ...editor }: Omit<FilterEditorProps, 'close'> & { active: boolean }) {
  const [opened, setOpened] = useState(false);
  // Until its first use a header renders only the button: a list has a dozen filterable columns,
  // and a dozen idle popovers (positioning, transitions, portals) slow every list's first render.
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the popover is first mounted
  useEffect(() => {
    if (!mounted || opened) return;
    // First use: the popover's own button replaced the bare one; focus it before opening, so the
    // popover returns focus to it when it closes.
    buttonRef.current?.focus();
    setOpened(true);
    // Runs once, when the popover is first mounted.
  }, [mounted]);
  // Mantine's ActionIcon (size sm; subtle grey, filled when the filter is set) as a plain button.
  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={iconButton.button}
      aria-label={`Filter ${header}`}
      aria-pressed={active}
      aria-expanded={opened}
      data-active={active || undefined}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!mounted) setMounted(true);
        else setOpened((o) => !o);
      }}
      onKeyDown={keepInside}
    >
      <FilterIcon />
    </button>
  );
  if (!mounted) return button;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus withArrow shadow="md" position="bottom-start" width={280}>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown onClick={keepInside} onKeyDown={keepInside} onMouseDown={keepInside}>
        {opened && <FilterEditor header={header} {...editor} close={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
