import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Button, Group, Input, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useId, useMemo, useRef, useState, type FocusEventHandler, type ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from './icons';
import { moveItem, type SortableId } from './sorting';

export interface SortableListProps<T> {
  /** The items in their current order. */
  value?: T[];
  defaultValue?: T[];
  /** Called with the items in their new order after every move. */
  onChange?: (items: T[]) => void;
  /** A stable id per item; `item.id` by default. */
  getId?: (item: T) => SortableId;
  /** The item's name in button labels and screen-reader announcements ("Banner 2"). */
  getLabel: (item: T) => string;
  /** The item's content; its label by default. */
  renderItem?: (item: T, index: number) => ReactNode;
  /** When set, a save button sends the ordered ids; an empty list sends nothing. */
  onSave?: (orderedIds: SortableId[]) => void;
  saveLabel?: string;
  saving?: boolean;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** Shown when there is nothing to order. */
  emptyText?: ReactNode;
  /** Focus entering or leaving the list (a form marks the field touched). */
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
}

const defaultGetId = (item: unknown): SortableId => (item as { id: SortableId }).id;

const INSTRUCTIONS =
  'To pick up an item, press space or enter. Use the up and down arrow keys to move it. Press space or enter again to drop it in its new position, or escape to cancel.';

interface RowProps {
  id: SortableId;
  label: string;
  index: number;
  count: number;
  disabled?: boolean;
  children: ReactNode;
  onMove: (from: number, to: number, via: 'up' | 'down') => void;
  registerButton: (key: string, node: HTMLButtonElement | null) => void;
}

function SortableRow({ id, label, index, count, disabled, children, onMove, registerButton }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="sm"
      p={6}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        listStyle: 'none',
      }}
      data-dragging={isDragging || undefined}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Reorder ${label}`}
          disabled={disabled}
          style={{ cursor: disabled ? undefined : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <GripIcon />
        </ActionIcon>
        <Text size="xs" c="dimmed" w={24} ta="right" aria-hidden="true">
          {index + 1}.
        </Text>
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <ActionIcon
          ref={(node) => registerButton(`${id}:up`, node)}
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} up`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1, 'up')}
        >
          <ArrowUpIcon />
        </ActionIcon>
        <ActionIcon
          ref={(node) => registerButton(`${id}:down`, node)}
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1, 'down')}
        >
          <ArrowDownIcon />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * A list put in order by dragging (mouse or touch), by keyboard (focus an item's handle, space to
 * pick it up, arrows to move, space to drop, escape to cancel) or with each item's Move up and Move
 * down buttons. Every move is announced to screen readers with the item's name and its new
 * position. With `onSave`, a save button sends the ids in their new order; an empty list has
 * nothing to save, so the button is disabled and sends nothing.
 */
export function SortableList<T>({
  value,
  defaultValue,
  onChange,
  getId = defaultGetId,
  getLabel,
  renderItem,
  onSave,
  saveLabel = 'Save order',
  saving,
  label,
  description,
  error,
  disabled,
  emptyText = 'Nothing to order.',
  onFocus,
  onBlur,
}: SortableListProps<T>) {
  const [items, setItems] = useUncontrolled<T[]>({ value, defaultValue, finalValue: [], onChange });
  const [status, setStatus] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const id = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = useMemo(() => items.map(getId), [items, getId]);
  const indexOf = (key: UniqueIdentifier) => ids.indexOf(key);
  const labelOf = (key: UniqueIdentifier) => {
    const index = indexOf(key);
    return index >= 0 ? getLabel(items[index]) : String(key);
  };

  // The item starts over its own place: say so only once it has moved, or that first "over" would
  // replace the pick-up announcement before it is read.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${labelOf(active.id)}. It is in position ${indexOf(active.id) + 1} of ${items.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `${labelOf(active.id)} was moved into position ${indexOf(over.id) + 1} of ${items.length}.`
        : `${labelOf(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${labelOf(active.id)} was dropped at position ${indexOf(over.id) + 1} of ${items.length}.` : `${labelOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${labelOf(active.id)} is back in position ${indexOf(active.id) + 1} of ${items.length}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) setItems(moveItem(items, from, to));
  };

  const move = (from: number, to: number, via: 'up' | 'down') => {
    if (to < 0 || to >= items.length) return;
    const moved = items[from];
    setItems(moveItem(items, from, to));
    const movedId = getId(moved);
    setStatus(`${getLabel(moved)} moved to position ${to + 1} of ${items.length}.`);
    // Keep the focus on the moved item's button; at either end that button is disabled, so the
    // other direction takes it.
    const atEdge = via === 'up' ? to === 0 : to === items.length - 1;
    const next = atEdge ? (via === 'up' ? 'down' : 'up') : via;
    requestAnimationFrame(() => buttons.current.get(`${movedId}:${next}`)?.focus());
  };

  const registerButton = (key: string, node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(key, node);
    else buttons.current.delete(key);
  };

  const save = () => {
    if (items.length === 0 || !onSave) return;
    onSave(ids);
  };

  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} labelElement="div">
      <Box mt={label || description ? 4 : 0} onFocus={onFocus} onBlur={onBlur}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Box component="ul" p={0} m={0} style={{ display: 'flex', flexDirection: 'column', gap: 6 }} aria-labelledby={label ? `${id}-label` : undefined}>
                {items.map((item, index) => (
                  <SortableRow
                    key={ids[index]}
                    id={ids[index]}
                    label={getLabel(item)}
                    index={index}
                    count={items.length}
                    disabled={disabled}
                    onMove={move}
                    registerButton={registerButton}
                  >
                    {renderItem ? renderItem(item, index) : <Text size="sm">{getLabel(item)}</Text>}
                  </SortableRow>
                ))}
              </Box>
            </SortableContext>
          </DndContext>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {status}
        </VisuallyHidden>
        {onSave && (
          <Group justify="flex-end" mt="sm">
            <Button onClick={save} disabled={disabled || items.length === 0} loading={saving}>
              {saveLabel}
            </Button>
          </Group>
        )}
      </Box>
    </Input.Wrapper>
  );
}
