import { Alert, Badge, Box, Button, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import {
  importServicesBodySchema,
  SERVICE_SYNC_FLAG_LABELS,
  SERVICE_SYNC_FLAGS,
  type ExternalPanelRow,
  type ImportableService,
  type ImportServicesBody,
  type ServiceSyncFlag,
} from '../../../contract/providers';
import { markedUpPrice } from '../../../contract/providers/pricing';
import type { ActionDialogProps } from '../../resource/actions';
import { DialogActions } from '../../ui/DialogActions';
import { api } from '../../api/client';
import { PercentInput } from '../../forms/fields/PercentInput';
import { Money } from '../../ui/Money';
import { formatNumber, percentText } from '../../ui/format';
import { importRowErrors, importSourceFallback } from './importParts';

/**
 * Import services from a provider, on the whole screen: the provider's services read live (often
 * thousands), searched by name, id or category and by network; a select-all that takes every
 * service the search shows; one markup for every selected service (the provider's margin to start
 * with) and a row's own markup over it; each row's resulting price per 1000, computed exactly as the
 * server proposes it (contract/providers/pricing.ts) and sent as that row's price; a service type
 * (guessed, set for all selected, or per row) and a checker group; sync flags for what the provider
 * may change later. Only the rows in view are drawn, so thousands scroll smoothly.
 *
 * Importing creates catalogue services linked to new provider services; services already imported
 * only update their provider service (no duplicates). A rejected row shows its error on the row:
 * the server's `services.3.price` is mapped back to the service id.
 */

/** A row's fixed height: two lines of text beside the row's inputs. */
const ROW_HEIGHT = 56;
/** The height rows are drawn for while the table's box has none yet (the dialog still opening). */
const UNMEASURED_HEIGHT = 600;
/** The highest markup a member can type, in percent. */
const MAX_MARKUP_PERCENT = 1000;

interface RowState {
  /** The row's own markup (a fraction); '' or absent: the markup for every selected service. */
  markup?: string;
  serviceTypeId?: string | null;
}

export function ImportServicesDialog({
  row,
  onSubmit,
  onCancel,
  errors,
  errorMessage: failure,
  submitting,
}: ActionDialogProps<ExternalPanelRow, ImportServicesBody>) {
  const panel = row as ExternalPanelRow;
  const list = useQuery({
    queryKey: ['import-services', panel.id],
    queryFn: ({ signal }) => api('externalPanelImportServices', { params: { externalPanelId: panel.id }, signal }),
    retry: false,
    staleTime: 30_000,
  });
  const [search, setSearch] = useState('');
  const [networkId, setNetworkId] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, RowState>>({});
  /** The markup for every selected service; null until the member changes the provider's margin. */
  const [markup, setMarkup] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [bulkType, setBulkType] = useState<string | null>(null);
  const [sync, setSync] = useState<ServiceSyncFlag[]>(['prices']);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [tooMany, setTooMany] = useState<string | null>(null);
  const submitted = useRef<string[]>([]);
  const scrollRef = useRef<HTMLDivElement>(null);

  const data = list.data;
  const networks = useMemo(() => new Map((data?.networks ?? []).map((n) => [n.id, n.name])), [data]);
  const typeOptions = useMemo(
    () =>
      (data?.serviceTypes ?? [])
        .filter((t) => !networkId || String(t.networkId) === networkId)
        .map((t) => ({ value: String(t.id), label: `${networks.get(t.networkId) ?? ''} · ${t.name}` })),
    [data, networks, networkId],
  );
  const allTypeOptions = useMemo(
    () => (data?.serviceTypes ?? []).map((t) => ({ value: String(t.id), label: `${networks.get(t.networkId) ?? ''} · ${t.name}` })),
    [data, networks],
  );
  const typeLabels = useMemo(() => new Map(allTypeOptions.map((o) => [o.value, o.label])), [allTypeOptions]);
  // What a search looks through, lower-cased once per service.
  const haystacks = useMemo(() => new Map((data?.items ?? []).map((s) => [s.id, `${s.id}\n${s.name}\n${s.category}`.toLowerCase()])), [data]);

  const serverErrors = useMemo(() => importRowErrors(errors, 'services', submitted.current), [errors]);
  const rowError = (id: string): string | undefined => localErrors[id] ?? serverErrors.byRow[id];
  const erroneous = Object.keys(localErrors).length + Object.keys(serverErrors.byRow).length > 0;

  const needle = search.trim().toLowerCase();
  const visible = useMemo(
    () =>
      (data?.items ?? []).filter(
        (s) =>
          (!needle || haystacks.get(s.id)!.includes(needle)) &&
          (!networkId || s.networkId === null || String(s.networkId) === networkId) &&
          (!errorsOnly || localErrors[s.id] !== undefined || serverErrors.byRow[s.id] !== undefined),
      ),
    [data, haystacks, needle, networkId, errorsOnly, localErrors, serverErrors],
  );

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // A box measured before it is laid out reads 0 high and would draw no row until it is resized.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : { ...rect, height: UNMEASURED_HEIGHT })),
  });

  const fallback = importSourceFallback(list, {
    loading: `Reading the services of ${panel.name}`,
    title: "The provider's services could not be read",
    onCancel,
  });
  if (fallback || !data) return fallback;

  const globalMarkup = markup ?? data.margin;
  const markupOf = (s: ImportableService) => edits[s.id]?.markup || globalMarkup || '0';
  const priceOf = (s: ImportableService) => markedUpPrice(s.externalPanelPrice, data.rate, markupOf(s)).price;
  const typeOf = (s: ImportableService) =>
    edits[s.id]?.serviceTypeId !== undefined ? edits[s.id]!.serviceTypeId : s.serviceTypeId === null ? null : String(s.serviceTypeId);

  const shownSelected = visible.reduce((n, s) => (selected.has(s.id) ? n + 1 : n), 0);
  const allShownSelected = visible.length > 0 && shownSelected === visible.length;
  const selectShown = (pick: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const s of visible) pick ? next.add(s.id) : next.delete(s.id);
      return next;
    });
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });
  const edit = (id: string, patch: RowState) => setEdits((prev) => ({ ...prev, [id]: { ...prev[id], ...patch } }));
  const applyType = () => {
    if (!bulkType) return;
    setEdits((prev) => {
      const next = { ...prev };
      for (const id of selected) next[id] = { ...next[id], serviceTypeId: bulkType };
      return next;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = data.items.filter((s) => selected.has(s.id));
    const missing: Record<string, string> = {};
    for (const s of chosen) if (!typeOf(s)) missing[s.id] = 'Choose a service type.';
    setLocalErrors(missing);
    setTooMany(null);
    if (chosen.length === 0 || Object.keys(missing).length) return;
    const flags = Object.fromEntries(SERVICE_SYNC_FLAGS.map((f) => [f, sync.includes(f)])) as Record<ServiceSyncFlag, boolean>;
    const body: ImportServicesBody = {
      services: chosen.map((s) => ({
        id: s.id,
        price: priceOf(s),
        service_type_id: Number(typeOf(s)),
        promotable_checker_group_id: groupId ? Number(groupId) : null,
        sync: flags,
      })),
    };
    // The contract's own limits (at most so many services at once) before anything is sent.
    const checked = importServicesBodySchema.safeParse(body);
    if (!checked.success) {
      const whole = checked.error.issues.find((issue) => issue.path.length <= 1);
      setTooMany(`${whole?.message ?? checked.error.issues[0]?.message} ${formatNumber(chosen.length)} are selected: narrow the search and import in parts.`);
      return;
    }
    submitted.current = chosen.map((s) => s.id);
    await onSubmit(body);
  };

  const rowErrorCount = Object.keys(localErrors).length || Object.keys(serverErrors.byRow).length;
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <form onSubmit={submit} noValidate style={{ height: 'calc(100dvh - 90px)' }}>
      <Stack gap="sm" h="100%">
        <Text size="sm" c="dimmed">
          {formatNumber(data.items.length)} services at {panel.name}. Price per 1000 = provider price
          {data.rate !== '1' ? ` × ${data.rate} (to USD)` : ''} × (1 + markup); the provider’s margin is {percentText(data.margin)}.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name, id or category"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={300}
            data-autofocus
          />
          <Select
            label="Network"
            placeholder="All networks"
            data={data.networks.map((n) => ({ value: String(n.id), label: n.name }))}
            value={networkId}
            onChange={setNetworkId}
            clearable
            w={200}
          />
          <PercentInput
            label="Markup for every selected service"
            value={globalMarkup}
            onChange={(fraction) => setMarkup(fraction)}
            decimals={4}
            max={MAX_MARKUP_PERCENT}
            w={270}
          />
          <Select
            label="Service type for the selected services"
            placeholder="Choose a service type"
            data={typeOptions}
            value={bulkType}
            onChange={setBulkType}
            searchable
            w={300}
          />
          <Button variant="default" onClick={applyType} disabled={!bulkType || selected.size === 0}>
            Apply to {formatNumber(selected.size)} selected
          </Button>
        </Group>
        <Group justify="space-between" gap="sm">
          <Text size="sm" aria-live="polite">
            {formatNumber(selected.size)} of {formatNumber(data.items.length)} selected
            {visible.length < data.items.length ? ` · ${formatNumber(visible.length)} shown` : ''}
            {selected.size > shownSelected ? ` (${formatNumber(selected.size - shownSelected)} of them not shown)` : ''}
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => selectShown(true)} disabled={visible.length === 0 || allShownSelected}>
              Select all {formatNumber(visible.length)} shown
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
              Clear selection
            </Button>
          </Group>
        </Group>
        {/* Only the rows in view are drawn; the spacer rows keep the scroll height of them all. */}
        <Box
          ref={scrollRef}
          tabIndex={0}
          role="region"
          aria-label={`Services of ${panel.name}, scrollable`}
          style={{ flex: 1, minHeight: 200, overflow: 'auto' }}
        >
          <Table striped stickyHeader layout="fixed" verticalSpacing={4} miw={900} aria-label={`Services of ${panel.name}`} aria-rowcount={visible.length + 1}>
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th w={44}>
                  <Checkbox
                    aria-label={`Select all ${formatNumber(visible.length)} services shown`}
                    checked={allShownSelected}
                    indeterminate={!allShownSelected && shownSelected > 0}
                    disabled={visible.length === 0}
                    onChange={() => selectShown(!allShownSelected)}
                  />
                </Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th w={140} ta="right">
                  Provider price
                </Table.Th>
                <Table.Th w={130}>Markup</Table.Th>
                <Table.Th w={130} ta="right">
                  Price per 1000
                </Table.Th>
                <Table.Th w={270}>Service type</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {before > 0 && (
                <tr aria-hidden style={{ height: before }}>
                  <td colSpan={6} />
                </tr>
              )}
              {items.map((item) => {
                const s = visible[item.index];
                const picked = selected.has(s.id);
                const error = rowError(s.id);
                const own = edits[s.id]?.markup;
                return (
                  <Table.Tr
                    key={s.id}
                    aria-rowindex={item.index + 2}
                    data-service-id={s.id}
                    aria-invalid={error ? true : undefined}
                    style={{ height: ROW_HEIGHT }}
                    bg={error ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>
                      <Checkbox aria-label={`Choose ${s.name}`} checked={picked} onChange={() => toggle(s.id)} />
                    </Table.Td>
                    <Table.Td style={{ overflow: 'hidden' }}>
                      <Text size="sm" truncate="end" title={`${s.id} · ${s.name}`}>
                        {s.id} · {s.name}{' '}
                        {s.providerServiceId !== null && (
                          <Badge size="xs" variant="light" color="gray">
                            imported
                          </Badge>
                        )}
                      </Text>
                      {error ? (
                        <Text size="xs" c="red" role="alert" truncate="end" title={error}>
                          {error}
                        </Text>
                      ) : (
                        <Text size="xs" c="dimmed" truncate="end" title={s.category}>
                          {s.category} · {formatNumber(s.min)}–{formatNumber(s.max)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={s.externalPanelPrice} currency={s.currency} maxDecimals={4} />
                    </Table.Td>
                    <Table.Td>
                      <PercentInput
                        size="xs"
                        aria-label={`Markup of ${s.name}`}
                        placeholder={`${percentText(globalMarkup || '0')}`}
                        value={own ?? ''}
                        onChange={(fraction) => edit(s.id, { markup: fraction })}
                        decimals={4}
                        max={MAX_MARKUP_PERCENT}
                        disabled={!picked}
                      />
                    </Table.Td>
                    <Table.Td ta="right" data-price>
                      <Money value={priceOf(s)} maxDecimals={4} />
                    </Table.Td>
                    <Table.Td style={{ overflow: 'hidden' }}>
                      {/* A picker only on selected rows: hundreds of open pickers would make the table slow. */}
                      {picked ? (
                        <Select
                          size="xs"
                          aria-label={`Service type of ${s.name}`}
                          placeholder="Service type"
                          data={allTypeOptions}
                          value={typeOf(s)}
                          onChange={(v) => edit(s.id, { serviceTypeId: v })}
                          searchable
                        />
                      ) : (
                        <Text size="xs" c={typeOf(s) ? undefined : 'dimmed'} truncate="end">
                          {typeLabels.get(typeOf(s) ?? '') ?? '—'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {after > 0 && (
                <tr aria-hidden style={{ height: after }}>
                  <td colSpan={6} />
                </tr>
              )}
            </Table.Tbody>
          </Table>
          {visible.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {data.items.length === 0 ? `${panel.name} sells no services.` : 'No service matches the search.'}
            </Text>
          )}
        </Box>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Checker group"
            placeholder="None"
            data={data.promotableCheckerGroups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={groupId}
            onChange={setGroupId}
            clearable
          />
          <Checkbox.Group label="Sync with the provider" value={sync} onChange={(v) => setSync(v as ServiceSyncFlag[])}>
            <Group gap={8} mt={6}>
              {SERVICE_SYNC_FLAGS.map((f) => (
                <Checkbox key={f} value={f} label={SERVICE_SYNC_FLAG_LABELS[f]} size="xs" />
              ))}
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
        {tooMany && (
          <Alert color="red" role="alert">
            {tooMany}
          </Alert>
        )}
        {(failure && !Object.keys(serverErrors.byRow).length) || serverErrors.unplaced.length ? (
          <Alert color="red" role="alert">
            {serverErrors.unplaced.length ? serverErrors.unplaced.join(' ') : failure}
          </Alert>
        ) : null}
        {rowErrorCount > 0 && (
          <Alert color="red" role="alert">
            <Group justify="space-between" gap="xs">
              <span>
                {formatNumber(rowErrorCount)} selected service{rowErrorCount === 1 ? '' : 's'} cannot be imported
                {Object.keys(localErrors).length ? '' : '; nothing was imported'}. See the rows marked in red.
              </span>
              {erroneous && (
                <Button size="compact-sm" variant="white" color="red" onClick={() => setErrorsOnly((v) => !v)} aria-pressed={errorsOnly}>
                  {errorsOnly ? 'Show all rows' : 'Show only these rows'}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <DialogActions
          submitLabel={`Import ${formatNumber(selected.size)} service${selected.size === 1 ? '' : 's'}`}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
