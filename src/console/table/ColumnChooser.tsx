import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '../resource/resource';
import { ColumnsIcon } from './icons';

/** Chooses the visible columns (kept in the URL as `cols`). At least one column stays visible. */
export interface ColumnChooserProps<Row> {
  columns: ColumnDef<Row>[];
  visible: string[];
  onChange: (visible: string[]) => void;
  onDefaults: () => void;
}

export function ColumnChooser<Row>({ columns, visible, onChange, onDefaults }: ColumnChooserProps<Row>) {
  const shown = columns.filter((c) => visible.includes(c.key));
  const toggle = (key: string, checked: boolean) => {
    const next = checked ? [...visible, key] : visible.filter((k) => k !== key);
    onChange(columns.filter((c) => next.includes(c.key)).map((c) => c.key));
  };
  return (
    <Popover trapFocus returnFocus withArrow shadow="md" position="bottom-end" width={240}>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<ColumnsIcon />} title="Choose the visible columns">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Visible columns">
          <Text size="sm" fw={500}>
            Visible columns
          </Text>
          {columns.map((column, index) => {
            const checked = visible.includes(column.key);
            const locked = column.hideable === false || (checked && shown.length === 1);
            return (
              <Checkbox
                key={column.key}
                label={column.header}
                checked={checked}
                disabled={locked}
                onChange={(event) => toggle(column.key, event.currentTarget.checked)}
                data-autofocus={index === 0 || undefined}
              />
            );
          })}
          <Button variant="subtle" size="xs" onClick={onDefaults}>
            Default columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
