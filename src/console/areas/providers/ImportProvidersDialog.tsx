import { Alert, Checkbox, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { ExternalPanelRow } from '../../../contract/providers';
import { DialogActions } from '../../ui/DialogActions';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { Money } from '../../ui/Money';
import { SmallTable } from '../../ui/SmallTable';
import { importRowErrors, importSourceFallback, MoreRowsNote } from './importParts';

/**
 * Import providers: provider services only, for services of ours to be linked to later on the
 * service screen. The provider's services are read live; a
 * refused row (`importableServicesIds.2`) shows its error on that service's row.
 */

const ROW_LIMIT = 200;

export function ImportProvidersDialog({
  row,
  onSubmit,
  onCancel,
  errors,
  errorMessage: failure,
  submitting,
}: ActionDialogProps<ExternalPanelRow, { importableServicesIds: string[] }>) {
  const panel = row as ExternalPanelRow;
  const list = useQuery({
    queryKey: ['available-services', panel.id],
    queryFn: ({ signal }) => api('externalPanelAvailableServices', { params: { externalPanelId: panel.id }, signal }),
    retry: false,
    staleTime: 30_000,
  });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const submitted = useRef<string[]>([]);
  const rowErrors = useMemo(() => importRowErrors(errors, 'importableServicesIds', submitted.current), [errors]);

  const fallback = importSourceFallback(list, { loading: `Reading the services of ${panel.name}`, onCancel });
  if (fallback || !list.data) return fallback;
  const needle = search.trim().toLowerCase();
  const visible = list.data.filter((s) => !needle || s.id === needle || s.name.toLowerCase().includes(needle) || s.category.toLowerCase().includes(needle));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const ids = list.data.filter((s) => selected.has(s.id)).map((s) => s.id);
    if (!ids.length) return;
    submitted.current = ids;
    await onSubmit({ importableServicesIds: ids });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Search" placeholder="Name, id or category" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
        <ScrollArea.Autosize mah="50vh" type="auto">
          <SmallTable
            striped
            verticalSpacing={4}
            label={`Services of ${panel.name}`}
            stickyHeader
            rows={visible.slice(0, ROW_LIMIT)}
            rowKey={(s) => s.id}
            columns={[
              {
                header: null,
                width: 36,
                render: (s) => <Checkbox aria-label={`Choose ${s.name}`} checked={selected.has(s.id)} onChange={() => toggle(s.id)} />,
              },
              {
                header: 'Service',
                render: (s) => (
                  <>
                    <Text size="sm">
                      {s.id} · {s.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.category} · {s.min}–{s.max}
                    </Text>
                    {rowErrors.byRow[s.id] && (
                      <Text size="xs" c="red" role="alert">
                        {rowErrors.byRow[s.id]}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                header: 'Price per 1000',
                align: 'right',
                render: (s) => <Money value={s.rate} currency={panel.currency} maxDecimals={4} />,
              },
            ]}
          />
        </ScrollArea.Autosize>
        <MoreRowsNote matching={visible.length} shown={ROW_LIMIT} />
        {(rowErrors.unplaced.length > 0 || (failure && !Object.keys(rowErrors.byRow).length)) && (
          <Alert color="red" role="alert">
            {rowErrors.unplaced.length ? rowErrors.unplaced.join(' ') : failure}
          </Alert>
        )}
        <DialogActions submitLabel={`Add ${selected.size} provider service${selected.size === 1 ? '' : 's'}`} submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
