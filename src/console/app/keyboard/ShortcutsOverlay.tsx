import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useActiveList, useListEngine } from '../../list/engineContext';
import type { GoTarget } from './goKeys';
import { goShortcuts, HELP_SHORTCUT, UNDO_SHORTCUT, LIST_SHORTCUTS, PALETTE_SHORTCUT, rowActionShortcuts, type ShortcutEntry } from './shortcuts';

/**
 * "Keyboard shortcuts" (opened with ?): the global keys and the go sequences of the screens this
 * member may open, the keys of every list, and the action shortcuts of the list on screen that
 * this member may run. Everything is read from the declarations that drive the keys themselves.
 * A Mantine modal: it traps focus and gives it back on close.
 */
export interface ShortcutsOverlayProps {
  opened: boolean;
  onClose: () => void;
  goTargets: readonly GoTarget[];
}

export function ShortcutsOverlay({ opened, onClose, goTargets }: ShortcutsOverlayProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" trapFocus returnFocus>
      {opened && <ShortcutSections goTargets={goTargets} />}
    </Modal>
  );
}

function ShortcutSections({ goTargets }: { goTargets: readonly GoTarget[] }) {
  const { can } = useListEngine();
  const active = useActiveList();
  const listActions = active ? rowActionShortcuts(active.resource, can) : [];
  return (
    <Stack gap="lg">
      <ShortcutSection id="global" title="Global" entries={[PALETTE_SHORTCUT, HELP_SHORTCUT, UNDO_SHORTCUT, ...goShortcuts(goTargets)]} />
      <ShortcutSection
        id="lists"
        title="Lists"
        note="On every list, as soon as it is on screen: its first row (or the one you last opened) is focused. The keys wait while you type in a field."
        entries={LIST_SHORTCUTS}
      />
      {active && listActions.length > 0 && (
        <ShortcutSection id="this-list" title={`This list: ${active.resource.title}`} note="On the focused row." entries={listActions} />
      )}
    </Stack>
  );
}

function ShortcutSection({ id, title, note, entries }: { id: string; title: string; note?: string; entries: readonly ShortcutEntry[] }) {
  const headingId = `shortcuts-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      <Table aria-labelledby={headingId} verticalSpacing={4} mt={4}>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.description}>
              <Table.Td w="40%">
                <Chords entry={entry} />
              </Table.Td>
              <Table.Td>{entry.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function Chords({ entry }: { entry: ShortcutEntry }) {
  const separator = entry.join === 'then' ? ' then ' : ' or ';
  return (
    <>
      {entry.chords.map((chord, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <Text span size="xs" c="dimmed">
              {separator}
            </Text>
          )}
          {chord.map((key, j) => (
            <Fragment key={j}>
              {j > 0 && ' + '}
              <Kbd size="sm">{key}</Kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}
