import { Button, Group, Kbd, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type RefObject } from 'react';
import { availableActions } from '../actions/available';
import { useRunAction } from '../actions/useRunAction';
import { undoText } from '../resource/actions';
import { currentUndo, runUndo, subscribeUndo } from '../actions/undo';
import {
  ListEngineContext,
  useActiveList,
  useListEngine,
  type ActionHost,
  type ConfirmRequest,
  type HostOutcome,
  type ListEngine,
} from '../list/engineContext';
import { capitalize, type AnyResource } from '../resource/resource';
import type { PaletteItem, PaletteGroup, PaletteRun } from './items';
import { prepareNavCommands, type PreparedNavCommand } from './navigation';
import { loadRecents, rememberRecent } from './recents';
import { requestExport } from '../list/exportRequests';
import { savedViewCommands } from '../views/commands';
import { useSavedViews } from '../views/useSavedViews';
import { PENDING_LOOKUP_PREFIX, usePaletteItems } from './usePaletteItems';
import { buildVocabulary } from './vocabulary';
import { freshRow } from './lookup';
import { listKeyPrefix } from '../list/listQuery';
import a11y from '../ui/a11y.module.css';
import classes from './CommandPalette.module.css';

/**
 * The command palette (cmdk inside a Mantine modal): type, see what Enter will do, press Enter.
 * Confirmations stay inside it (Enter proceeds, Esc backs out); action forms open as the usual
 * dialog. cmdk's own filtering is off: the palette ranks and limits its items itself, so a few
 * thousand commands stay fast.
 */

export interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
  resources: readonly AnyResource[];
  navigation: readonly PreparedNavCommand[];
  /** Follows a navigation command; resolves once the router has moved. */
  navigate: (href: string) => void | Promise<void>;
  /** Takes what was typed after Ctrl+K before the input had the focus (the palette still loading or opening). */
  typedAhead?: () => string;
}

interface ConfirmView {
  request: ConfirmRequest;
  resolve: (outcome: HostOutcome) => void;
  busy: boolean;
}

const isPendingLookup = (item: PaletteItem) => item.id.startsWith(PENDING_LOOKUP_PREFIX);

const GROUP_ORDER: PaletteGroup[] = ['This list', 'Recent', 'Actions', 'Records', 'Go to'];

export function CommandPalette(props: CommandPaletteProps) {
  const engine = useListEngine();
  const [confirm, setConfirm] = useState<ConfirmView | null>(null);
  // Opening a screen hands the focus to that screen; anything else gives it back where it was.
  const [returnFocus, setReturnFocus] = useState(true);
  useEffect(() => {
    if (props.opened) setReturnFocus(true);
  }, [props.opened]);
  const closeRef = useRef(props.onClose);
  closeRef.current = props.onClose;

  // Row actions started here run with a host that keeps their confirmation inside the palette.
  const host = useMemo<ActionHost>(
    () => ({
      confirm: (request) => new Promise<HostOutcome>((resolve) => setConfirm({ request, resolve, busy: false })),
      dialog: (request) => {
        closeRef.current();
        return engine.host.dialog(request);
      },
    }),
    [engine.host],
  );
  const paletteEngine = useMemo<ListEngine>(() => ({ ...engine, host }), [engine, host]);

  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        if (confirm) {
          if (!confirm.busy) {
            confirm.resolve('cancelled');
            setConfirm(null);
          }
          return;
        }
        props.onClose();
      }}
      withCloseButton={false}
      padding={0}
      size="lg"
      yOffset="12vh"
      trapFocus
      returnFocus={returnFocus}
      title="Command palette"
      data-command-palette
      classNames={{ body: classes.body, header: a11y.visuallyHidden /* the title names the dialog; the input shows what it is */ }}
    >
      <ListEngineContext.Provider value={paletteEngine}>
        {props.opened && <PaletteBody {...props} confirm={confirm} setConfirm={setConfirm} onLeave={() => setReturnFocus(false)} />}
      </ListEngineContext.Provider>
    </Modal>
  );
}

interface BodyProps extends CommandPaletteProps {
  confirm: ConfirmView | null;
  setConfirm: (view: ConfirmView | null) => void;
  /** Called before a navigation closes the palette (the new screen takes the focus). */
  onLeave: () => void;
}

function PaletteBody({ onClose, resources, navigation, navigate, confirm, setConfirm, onLeave, typedAhead }: BodyProps) {
  const engine = useListEngine();
  const run = useRunAction();
  const active = useActiveList();
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState('');
  const [recents, setRecents] = useState(() => loadRecents(engine.staffId));
  const inputRef = useRef<HTMLInputElement>(null);
  const vocabulary = useMemo(() => buildVocabulary(resources, engine.can), [resources, engine.can]);
  // Saved views ("Orders: Stuck over 24 h") join the screens the palette opens.
  const views = useSavedViews(engine.staffId);
  const withViews = useMemo(
    () => (views.length ? [...navigation, ...prepareNavCommands(savedViewCommands(resources, views))] : navigation),
    [navigation, resources, views],
  );
  const found = usePaletteItems({ input, vocabulary, resources, navigation: withViews, active, can: engine.can, recents });
  const searching = found.searching;
  // The last move, while it can be undone: first on an empty palette and for "undo".
  const undo = useSyncExternalStore(subscribeUndo, currentUndo);
  const typed = input.trim().toLowerCase();
  const items: PaletteItem[] =
    undo && (typed === '' || (typed.length >= 2 && 'undo'.startsWith(typed)) || typed.startsWith('undo'))
      ? [{ id: 'undo', group: 'This list', title: `Undo: ${undo.label}`, hint: 'Reverses your last move', aside: 'z', run: { kind: 'undo' } }, ...found.items]
      : found.items;

  // A valid selection during render (no second render): the first item when the chosen one is gone.
  const current = items.some((i) => i.id === selected) ? selected : (items[0]?.id ?? '');

  const remember = (item: PaletteItem, runKind: PaletteRun) => {
    if (runKind.kind === 'navigate' && runKind.record) {
      setRecents(
        rememberRecent(engine.staffId, {
          kind: 'record',
          resource: runKind.record.resource,
          key: runKind.record.key,
          title: item.title.replace(/^Open /, ''),
          subtitle: runKind.record.subtitle,
          href: runKind.href,
          at: Date.now(),
        }),
      );
    } else if (input.trim()) {
      setRecents(rememberRecent(engine.staffId, { kind: 'command', input: input.trim(), title: item.title, at: Date.now() }));
    }
  };

  // Rows call the latest `execute` through a ref, so they need not re-render when it changes.
  const runRef = useRef<(item: PaletteItem) => void>(() => {});
  runRef.current = (item) => void execute(item);

  // Enter on a command still being looked up ("Looking up order 123…") is kept for that input: the
  // first result runs once the lookup answers, unless the member typed on meanwhile.
  const enterWhenFound = useRef<string | null>(null);
  useEffect(() => {
    if (enterWhenFound.current === null) return;
    if (enterWhenFound.current !== input) {
      enterWhenFound.current = null;
      return;
    }
    const first = items[0];
    if (!first || isPendingLookup(first)) return;
    enterWhenFound.current = null;
    runRef.current(first);
  });

  // The row's flags are checked again, as the server has them now, before an action runs: the
  // command was offered on the row as it was found. Offline, the known row is used (the action is
  // queued and the server checks it when it is sent).
  // Shown until the member types on.
  const [stale, setStale] = useState<{ input: string; text: string } | null>(null);
  const queryClient = useQueryClient();
  const rowAsItIsNow = async <Row,>(resource: AnyResource, actionId: string, row: Row): Promise<Row | null> => {
    let fresh: Row | null;
    try {
      fresh = await freshRow(resource, row, engine.can);
    } catch {
      return row;
    }
    // The lists and the palette's own lookups show the row as it is now, too.
    if (!fresh || !availableActions(resource, fresh, engine.can).find((a) => a.action.id === actionId)?.enabled)
      void queryClient.invalidateQueries({ queryKey: listKeyPrefix(resource.name) });
    if (!fresh) {
      setStale({ input, text: `${capitalize(resource.describe(row))} is no longer there.` });
      return null;
    }
    const offer = availableActions(resource, fresh, engine.can).find((a) => a.action.id === actionId);
    if (!offer?.enabled) {
      setStale({ input, text: offer?.reason ?? `${capitalize(resource.describe(fresh))} no longer offers this.` });
      return null;
    }
    return fresh;
  };

  const execute = async (item: PaletteItem) => {
    const action = item.run;
    if (isPendingLookup(item)) {
      enterWhenFound.current = input;
      return;
    }
    if (!action || item.disabled) return;
    if (action.kind === 'fill') {
      setInput(action.input);
      inputRef.current?.focus();
      return;
    }
    if (action.kind === 'undo') {
      onClose();
      runUndo(undo);
      return;
    }
    remember(item, action);
    if (action.kind === 'navigate') {
      onLeave();
      onClose();
      await navigate(action.href);
      return;
    }
    if (action.kind === 'export') {
      onClose();
      // The list on screen exports what it shows; another list is opened (with its last filters) first.
      requestExport(action.resource.name);
      if (active?.resource.name !== action.resource.name) await navigate(action.href);
      return;
    }
    if (action.kind === 'collection') {
      // The form opens over the app, not inside the palette.
      onClose();
      await run.collection(action.resource, action.actionId);
      return;
    }
    let outcome: Awaited<ReturnType<typeof run.row>>;
    if (action.kind === 'row') {
      const row = await rowAsItIsNow(action.resource, action.actionId, action.row);
      if (!row) return;
      outcome = await run.row(action.resource, action.actionId, row);
    } else {
      outcome = await run.bulk(action.resource, action.actionId, action.rows, { onFinished: () => active?.controls.clearSelection() });
    }
    if (outcome !== 'cancelled') onClose();
  };

  if (confirm) return <PaletteConfirm view={confirm} setView={setConfirm} onDone={onClose} onBack={() => setTimeout(() => inputRef.current?.focus(), 0)} />;

  const groups = GROUP_ORDER.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter((g) => g.items.length > 0);
  const order = items.map((i) => i.group).filter((g, i, all) => all.indexOf(g) === i);
  groups.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));

  return (
    <Command label="Command palette" shouldFilter={false} loop vimBindings={false} value={current} onValueChange={setSelected} className={classes.command}>
      <div className={classes.inputRow}>
        <Command.Input
          ref={inputRef}
          autoFocus
          onFocus={() => {
            const ahead = typedAhead?.();
            if (ahead) setInput((text) => text + ahead);
          }}
          value={input}
          onValueChange={setInput}
          placeholder="Type a command, an id, an e-mail or a screen…"
          className={classes.input}
        />
        {searching && input.trim() && <Loader size="xs" aria-label="Searching" />}
      </div>
      {stale?.input === input && (
        <Text role="alert" size="sm" className={classes.stale}>
          {stale.text}
        </Text>
      )}
      <Command.List className={classes.list} aria-label="Commands">
        <Command.Empty className={classes.empty}>{searching ? 'Searching…' : 'Nothing matches. Try “approve order 123”, “users”, or an e-mail.'}</Command.Empty>
        {groups.map(({ group, items: groupItems }) => (
          <Command.Group key={group} heading={group} className={classes.group}>
            {groupItems.map((item) => (
              <PaletteRow key={item.id} item={item} onRun={runRef} />
            ))}
          </Command.Group>
        ))}
      </Command.List>
      <Group className={classes.footer} gap="md" justify="flex-end">
        <Text size="xs" c="dimmed">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> choose · <Kbd size="xs">Enter</Kbd> run · <Kbd size="xs">Esc</Kbd> close
        </Text>
      </Group>
    </Command>
  );
}

/**
 * One result. Memoised and made of plain elements: a keystroke re-renders only the rows whose
 * content changed (the bench showed rendering, not filtering, is what a keystroke costs).
 */
const PaletteRow = memo(
  function PaletteRow({ item, onRun }: { item: PaletteItem; onRun: RefObject<(item: PaletteItem) => void> }) {
    return (
      <Command.Item value={item.id} onSelect={() => onRun.current(item)} className={classes.item} data-unavailable={item.disabled || undefined}>
        <div className={classes.itemText}>
          <div className={classes.itemTitle}>{item.title}</div>
          {item.hint && <div className={classes.itemHint}>{item.hint}</div>}
        </div>
        {item.aside && <kbd className={item.aside.length === 1 ? classes.key : classes.aside}>{item.aside}</kbd>}
      </Command.Item>
    );
  },
  (a, b) =>
    a.onRun === b.onRun &&
    a.item.id === b.item.id &&
    a.item.title === b.item.title &&
    a.item.hint === b.item.hint &&
    a.item.aside === b.item.aside &&
    a.item.disabled === b.item.disabled,
);

/** A confirmation inside the palette: Enter proceeds, Esc backs out to the list of commands. */
function PaletteConfirm({
  view,
  setView,
  onDone,
  onBack,
}: {
  view: ConfirmView;
  setView: (v: ConfirmView | null) => void;
  onDone: () => void;
  onBack: () => void;
}) {
  const { request } = view;
  const proceed = async () => {
    if (view.busy) return;
    setView({ ...view, busy: true });
    await request.onProceed();
    view.resolve('done');
    setView(null);
    onDone();
  };
  const back = () => {
    if (view.busy) return;
    view.resolve('cancelled');
    setView(null);
    onBack();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      back();
    } else if (event.key === 'Enter' && !(event.target as HTMLElement).closest('button')) {
      event.preventDefault();
      void proceed();
    }
  };
  return (
    <Stack gap="sm" p="md" onKeyDown={onKeyDown} role="alertdialog" aria-labelledby="palette-confirm-title" aria-describedby="palette-confirm-text">
      <Text id="palette-confirm-title" fw={700}>
        {request.title}
      </Text>
      <Text id="palette-confirm-text">{request.text}</Text>
      <Text size="sm" c="dimmed">
        {undoText(request.undoable)}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={back} disabled={view.busy}>
          {request.cancelLabel}{' '}
          <Kbd size="xs" ml={6}>
            Esc
          </Kbd>
        </Button>
        <Button data-autofocus autoFocus color={request.color} onClick={() => void proceed()} loading={view.busy}>
          {request.confirmLabel}{' '}
          <Kbd size="xs" ml={6}>
            Enter
          </Kbd>
        </Button>
      </Group>
    </Stack>
  );
}
