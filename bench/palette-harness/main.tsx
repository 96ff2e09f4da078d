import '@mantine/core/styles.css';
import { Badge, MantineProvider, Modal, Text } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CONSOLE_RESOURCES } from '../../src/console/app/areas';
import { theme } from '../../src/console/app/theme';
import { CommandPalette } from '../../src/console/palette/CommandPalette';
import classes from '../../src/console/palette/CommandPalette.module.css';
import { understand } from '../../src/console/palette/grammar';
import { prepareNavCommands, rankNavCommands } from '../../src/console/palette/navigation';
import { LOOKUP_DEBOUNCE_MS, MAX_NAV_ITEMS } from '../../src/console/palette/usePaletteItems';
import { buildVocabulary } from '../../src/console/palette/vocabulary';
import { ListEngineContext, type ActionHost, type ListEngine } from '../../src/console/list/engineContext';
import { ListEngineStore } from '../../src/console/list/engineStore';
import { generateNavCommands } from './commands';
import { listGroups, startKeystrokeProbe } from './probe';
import { installTableFetch, plausibleRow } from './tableFetch';

/**
 * The palette benchmark's page. `?mode=palette` (default): the real CommandPalette, opened, with
 * the app's resources, 5,000 navigation commands and record lookups answered in the page.
 * `?mode=cmdk-all`: the same 5,000 commands as a plain cmdk list with cmdk's own filtering, every
 * item rendered, in the same modal and styles: the comparison that shows why the palette limits
 * what it renders.
 */

const COMMAND_COUNT = 5000;
const mode = new URLSearchParams(window.location.search).get('mode') === 'cmdk-all' ? 'cmdk-all' : 'palette';

const requests = installTableFetch(CONSOLE_RESOURCES);
const navigation = prepareNavCommands(generateNavCommands(CONSOLE_RESOURCES, COMMAND_COUNT));
const allowAll = () => true;

// The palette is opened over the orders list: a page of rows, the first focused, three selected.
const store = new ListEngineStore();
const orders = CONSOLE_RESOURCES.find((r) => r.name === 'orders');
if (orders) {
  const rows = Array.from({ length: 30 }, (_, i) => plausibleRow(orders, 90_001 + i));
  const noop = () => {};
  store.publish({
    listId: 'bench-orders',
    resource: orders,
    rows,
    focusedRow: rows[0],
    selectedRows: rows.slice(0, 3),
    controls: { clearSelection: noop, focusRow: noop, refresh: noop, focus: noop },
  });
}
const host: ActionHost = { confirm: async () => 'cancelled', dialog: async () => 'cancelled' };
const engine: ListEngine = { staffId: 1, can: allowAll, navigate: () => {}, store, host };
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

const probe = startKeystrokeProbe();
window.__bench = {
  mode,
  ready: false,
  commandCount: navigation.length,
  lookupDebounceMs: LOOKUP_DEBOUNCE_MS,
  ...probe,
  groups: listGroups,
  requests: () => ({ answered: { ...requests.answered }, refused: [...requests.refused] }),
  filterOnly:
    mode === 'palette'
      ? (inputs, rounds) => {
          const vocabulary = buildVocabulary(CONSOLE_RESOURCES, allowAll);
          const times: number[] = [];
          for (let round = 0; round < rounds; round++) {
            for (const input of inputs) {
              for (let end = 1; end <= input.length; end++) {
                const text = input.slice(0, end);
                const started = performance.now();
                understand(text, vocabulary);
                rankNavCommands(navigation, text.trim(), MAX_NAV_ITEMS);
                times.push(performance.now() - started);
              }
            }
          }
          return times;
        }
      : undefined,
};

const ignore = () => {};

/** Every command rendered, cmdk filtering and sorting them itself (its default, shouldFilter on). */
function CmdkAllList() {
  return (
    <Modal
      opened
      onClose={ignore}
      withCloseButton={false}
      padding={0}
      size="lg"
      yOffset="12vh"
      aria-label="Command palette"
      classNames={{ body: classes.body }}
    >
      <Command label="Command palette" loop className={classes.command}>
        <div className={classes.inputRow}>
          <Command.Input autoFocus placeholder="Type a command, an id, an e-mail or a screen…" aria-label="Command" className={classes.input} />
        </div>
        <Command.List className={classes.list} aria-label="Commands">
          <Command.Empty className={classes.empty}>Nothing matches.</Command.Empty>
          {navigation.map((command) => (
            <Command.Item
              key={command.id}
              value={`${command.title} (${command.id})`}
              keywords={[command.keywords ?? '', command.hint ?? '']}
              className={classes.item}
            >
              <div className={classes.itemText}>
                <Text size="sm" fw={500} truncate>
                  {command.title}
                </Text>
              </div>
              {command.hint && (
                <Badge variant="light" size="xs">
                  {command.hint}
                </Badge>
              )}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </Modal>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ListEngineContext.Provider value={engine}>
          {mode === 'palette' ? (
            <CommandPalette opened onClose={ignore} resources={CONSOLE_RESOURCES} navigation={navigation} navigate={ignore} />
          ) : (
            <CmdkAllList />
          )}
        </ListEngineContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
window.__bench.ready = true;
