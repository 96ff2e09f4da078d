import { Alert, Badge, Button, Checkbox, Group, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  SERVICE_SYNC_FLAG_LABELS,
  SERVICE_SYNC_FLAGS,
  type ExternalPanelRow,
  type ImportableService,
  type ImportServicesBody,
  type ServiceSyncFlag,
} from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { DialogActions } from '../../ui/DialogActions';
import { api } from '../../api/client';
import { Money } from '../../ui/Money';
import { SmallTable } from '../../ui/SmallTable';
import { importRowErrors, importSourceFallback, MoreRowsNote } from './importParts';

/**
 * Import services from a provider: the provider's services read live, searchable, each with the
 * proposed price (the provider's price in dollars plus the
 * provider's margin, editable), a service type, and a checker group; sync flags for what the
 * provider may change later. Importing creates catalogue services linked to new provider services;
 * services already imported only update their provider service (no duplicates). A rejected row
 * shows its error on the row: the server's `services.3.price` is mapped back to the service id.
 */

/** Rows drawn at once; a search narrows a catalogue of thousands. */
const ROW_LIMIT = 150;

interface RowState {
  price?: string;
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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, RowState>>({});
  const [groupId, setGroupId] = useState<string | null>(null);
  const [bulkType, setBulkType] = useState<string | null>(null);
  const [sync, setSync] = useState<ServiceSyncFlag[]>(['prices']);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const submitted = useRef<string[]>([]);

  const data = list.data;
  const typeOptions = useMemo(() => {
    if (!data) return [];
    const networks = new Map(data.networks.map((n) => [n.id, n.name]));
    return data.serviceTypes
      .filter((t) => !networkId || String(t.networkId) === networkId)
      .map((t) => ({ value: String(t.id), label: `${networks.get(t.networkId) ?? ''} · ${t.name}` }));
  }, [data, networkId]);
  const allTypeOptions = useMemo(() => {
    if (!data) return [];
    const networks = new Map(data.networks.map((n) => [n.id, n.name]));
    return data.serviceTypes.map((t) => ({ value: String(t.id), label: `${networks.get(t.networkId) ?? ''} · ${t.name}` }));
  }, [data]);

  const serverErrors = useMemo(() => importRowErrors(errors, 'services', submitted.current), [errors]);

  const fallback = importSourceFallback(list, {
    loading: `Reading the services of ${panel.name}`,
    title: "The provider's services could not be read",
    onCancel,
  });
  if (fallback || !data) return fallback;

  const needle = search.trim().toLowerCase();
  const visible = data.items.filter(
    (s) =>
      (!needle || s.name.toLowerCase().includes(needle) || s.id === needle || s.category.toLowerCase().includes(needle)) &&
      (!networkId || s.networkId === null || String(s.networkId) === networkId),
  );
  const shown = visible.slice(0, ROW_LIMIT);
  const typeOf = (s: ImportableService) =>
    edits[s.id]?.serviceTypeId !== undefined ? edits[s.id]!.serviceTypeId : s.serviceTypeId === null ? null : String(s.serviceTypeId);
  const priceOf = (s: ImportableService) => edits[s.id]?.price ?? s.price;
  const allShownSelected = shown.length > 0 && shown.every((s) => selected.has(s.id));
  const toggleAll = () =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const s of shown) allShownSelected ? next.delete(s.id) : next.add(s.id);
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
    if (chosen.length === 0 || Object.keys(missing).length) return;
    submitted.current = chosen.map((s) => s.id);
    const flags = Object.fromEntries(SERVICE_SYNC_FLAGS.map((f) => [f, sync.includes(f)])) as Record<ServiceSyncFlag, boolean>;
    await onSubmit({
      services: chosen.map((s) => ({
        id: s.id,
        price: priceOf(s).trim(),
        service_type_id: Number(typeOf(s)),
        promotable_checker_group_id: groupId ? Number(groupId) : null,
        sync: flags,
      })),
    });
  };

  const rowError = (id: string) => localErrors[id] ?? serverErrors.byRow[id];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {data.items.length} services at {panel.name}. Proposed price = provider price{data.rate !== '1' ? ` × ${data.rate} (to USD)` : ''} + margin{' '}
          {(Number(data.margin) * 100).toFixed(2).replace(/\.?0+$/, '')} %.
        </Text>
        <Group grow align="flex-end">
          <TextInput label="Search" placeholder="Name, id or category" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
          <Select
            label="Network"
            placeholder="All networks"
            data={data.networks.map((n) => ({ value: String(n.id), label: n.name }))}
            value={networkId}
            onChange={setNetworkId}
            clearable
          />
        </Group>
        <Group align="flex-end" gap="xs">
          <Select
            label="Service type for the chosen services"
            placeholder="Choose a service type"
            data={typeOptions}
            value={bulkType}
            onChange={setBulkType}
            searchable
            style={{ flex: 1 }}
          />
          <Button variant="default" onClick={applyType} disabled={!bulkType || selected.size === 0}>
            Apply to {selected.size} chosen
          </Button>
        </Group>
        <ScrollArea.Autosize mah="45vh" type="auto">
          <SmallTable
            striped
            verticalSpacing={4}
            label={`Services of ${panel.name}`}
            stickyHeader
            rows={shown}
            rowKey={(s) => s.id}
            rowProps={(s) => ({ 'data-service-id': s.id, 'aria-invalid': rowError(s.id) ? true : undefined })}
            columns={[
              {
                header: (
                  <Checkbox
                    aria-label="Choose every service shown"
                    checked={allShownSelected}
                    indeterminate={!allShownSelected && shown.some((s) => selected.has(s.id))}
                    onChange={toggleAll}
                  />
                ),
                width: 36,
                render: (s) => <Checkbox aria-label={`Choose ${s.name}`} checked={selected.has(s.id)} onChange={() => toggle(s.id)} />,
              },
              {
                header: 'Service',
                render: (s) => {
                  const error = rowError(s.id);
                  return (
                    <>
                      <Text size="sm">
                        {s.id} · {s.name}{' '}
                        {s.providerServiceId !== null && (
                          <Badge size="xs" variant="light" color="gray">
                            imported
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.category} · {s.min}–{s.max}
                      </Text>
                      {error && (
                        <Text size="xs" c="red" role="alert">
                          {error}
                        </Text>
                      )}
                    </>
                  );
                },
              },
              {
                header: 'Provider price',
                align: 'right',
                render: (s) => <Money value={s.externalPanelPrice} currency={s.currency} maxDecimals={4} />,
              },
              {
                header: 'Price per 1000',
                render: (s) => (
                  <TextInput
                    size="xs"
                    w={110}
                    aria-label={`Price of ${s.name}`}
                    value={priceOf(s)}
                    onChange={(e) => edit(s.id, { price: e.currentTarget.value })}
                    inputMode="decimal"
                    disabled={!selected.has(s.id)}
                  />
                ),
              },
              {
                header: 'Service type',
                // A picker only on chosen rows: hundreds of open pickers would make the table slow.
                render: (s) =>
                  selected.has(s.id) ? (
                    <Select
                      size="xs"
                      w={240}
                      aria-label={`Service type of ${s.name}`}
                      placeholder="Service type"
                      data={allTypeOptions}
                      value={typeOf(s)}
                      onChange={(v) => edit(s.id, { serviceTypeId: v })}
                      searchable
                    />
                  ) : (
                    <Text size="xs" c={typeOf(s) ? undefined : 'dimmed'}>
                      {allTypeOptions.find((o) => o.value === typeOf(s))?.label ?? '—'}
                    </Text>
                  ),
              },
            ]}
          />
        </ScrollArea.Autosize>
        <MoreRowsNote matching={visible.length} shown={ROW_LIMIT} />
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
        {(failure && !Object.keys(serverErrors.byRow).length) || serverErrors.unplaced.length ? (
          <Alert color="red" role="alert">
            {serverErrors.unplaced.length ? serverErrors.unplaced.join(' ') : failure}
          </Alert>
        ) : null}
        {Object.keys(serverErrors.byRow).length > 0 && (
          <Alert color="red" role="alert">
            {Object.keys(serverErrors.byRow).length} chosen services could not be imported; nothing was imported. See the rows marked in red.
          </Alert>
        )}
        <DialogActions submitLabel={`Import ${selected.size} service${selected.size === 1 ? '' : 's'}`} submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
