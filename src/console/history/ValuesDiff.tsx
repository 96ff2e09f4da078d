import { Anchor, Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { isSecretKey, redactSecretValue, SECRET_VALUE } from '../../contract/logs/columns';
import { humanize } from '../ui/format';

/**
 * An audit entry's old and new values as a per-field diff: only the fields whose value changed,
 * one row each (before -> after); long values folded behind "Show all"; a secret field shows
 * 'changed', never a value (the server redacts them too).
 */

type Values = Record<string, unknown> | null | undefined;

/** Values longer than this are folded to their first FOLD_AT characters. */
export const FOLD_AT = 120;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function changedFields(oldValues: Values, newValues: Values): string[] {
  const keys = new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})]);
  return [...keys].filter((key) => !same(oldValues?.[key], newValues?.[key]) || (oldValues == null) !== (newValues == null));
}

/** A stored column as people say it: 'admin_note' -> 'Admin note', 'user_id' -> 'User ID'. */
export const fieldLabel = (field: string): string => humanize(field).replace(/\b(url|id|ip|api|vat)\b/gi, (w) => w.toUpperCase());

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function Value({ field, value, present }: { field: string; value: unknown; present: boolean }) {
  if (!present || value === null || value === undefined) {
    return (
      <Text component="span" size="xs" c="dimmed">
        {present ? 'empty' : '—'}
      </Text>
    );
  }
  if (isSecretKey(field)) {
    return (
      <Text component="span" size="xs" fs="italic">
        {SECRET_VALUE}
      </Text>
    );
  }
  return <Folded text={text(redactSecretValue(value))} />;
}

/** A long value shows its beginning and a "Show all" toggle (announced as expanded or not). */
function Folded({ text: full }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = full.length > FOLD_AT;
  return (
    <>
      <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {long && !open ? `${full.slice(0, FOLD_AT)}…` : full}
      </Code>
      {long && (
        <Anchor component="button" type="button" fz="xs" ml={4} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Fold' : `Show all (${full.length} characters)`}
        </Anchor>
      )}
    </>
  );
}

export function ValuesDiff({ oldValues, newValues, label = 'Changed fields' }: { oldValues: Values; newValues: Values; label?: string }) {
  const fields = changedFields(oldValues, newValues);
  if (fields.length === 0) {
    return (
      <Text component="span" size="xs" c="dimmed">
        No field changed
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" aria-label={label} fz="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Td style={{ wordBreak: 'break-word' }} title={field}>
              {fieldLabel(field)}
            </Table.Td>
            <Table.Td>
              <Value field={field} value={oldValues?.[field]} present={!!oldValues && field in oldValues} />
            </Table.Td>
            <Table.Td>
              <Value field={field} value={newValues?.[field]} present={!!newValues && field in newValues} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
