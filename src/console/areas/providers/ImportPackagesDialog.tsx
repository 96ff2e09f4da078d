import { Alert, Badge, Checkbox, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { ExternalPanelRow, ImportPackagesBody } from '../../../contract/providers';
import { DialogActions } from '../../ui/DialogActions';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { PercentInput } from '../../forms/fields';
import { SmallTable } from '../../ui/SmallTable';
import { importRowErrors, importSourceFallback } from './importParts';

/**
 * Import packages from one of our own panels: per package the fixed cost, the discount and whether
 * it keeps in sync. A rejected row shows its error on the
 * row (`packages.2.fixed_cost` mapped back to the package id).
 */

interface Edit {
  fixedCost?: string;
  discountPercent?: string;
  sync?: boolean;
}

export function ImportPackagesDialog({
  row,
  onSubmit,
  onCancel,
  errors,
  errorMessage: failure,
  submitting,
}: ActionDialogProps<ExternalPanelRow, ImportPackagesBody>) {
  const panel = row as ExternalPanelRow;
  const list = useQuery({
    queryKey: ['import-packages', panel.id],
    queryFn: ({ signal }) => api('externalPanelImportPackages', { params: { externalPanelId: panel.id }, signal }),
    retry: false,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const submitted = useRef<string[]>([]);
  const rowErrors = useMemo(() => importRowErrors(errors, 'packages', submitted.current), [errors]);

  const fallback = importSourceFallback(list, { loading: `Reading the packages of ${panel.name}`, onCancel });
  if (fallback || !list.data) return fallback;
  const edit = (id: string, patch: Edit) => setEdits((prev) => ({ ...prev, [id]: { ...prev[id], ...patch } }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = list.data.filter((p) => selected.has(p.id));
    if (!chosen.length) return;
    submitted.current = chosen.map((p) => p.id);
    await onSubmit({
      packages: chosen.map((p) => ({
        id: p.id,
        sync: edits[p.id]?.sync ?? p.sync,
        fixed_cost: (edits[p.id]?.fixedCost ?? p.fixedCost).trim(),
        discount_percent: edits[p.id]?.discountPercent ?? p.discountPercent,
      })),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {list.data.length === 0 ? (
          <Text c="dimmed">{panel.name} has no packages.</Text>
        ) : (
          <ScrollArea.Autosize mah="50vh" type="auto">
            <SmallTable
              striped
              verticalSpacing={4}
              label={`Packages of ${panel.name}`}
              rows={list.data}
              rowKey={(p) => p.id}
              columns={[
                {
                  header: null,
                  width: 36,
                  render: (p) => (
                    <Checkbox
                      aria-label={`Choose ${p.name}`}
                      checked={selected.has(p.id)}
                      onChange={() =>
                        setSelected((prev) => {
                          const next = new Set(prev);
                          next.has(p.id) ? next.delete(p.id) : next.add(p.id);
                          return next;
                        })
                      }
                    />
                  ),
                },
                {
                  header: 'Package',
                  render: (p) => (
                    <>
                      <Text size="sm">
                        {p.name}{' '}
                        <Badge size="xs" variant="light">
                          {p.type}
                        </Badge>{' '}
                        {p.imported && (
                          <Badge size="xs" variant="light" color="gray">
                            imported
                          </Badge>
                        )}
                      </Text>
                      {rowErrors.byRow[p.id] && (
                        <Text size="xs" c="red" role="alert">
                          {rowErrors.byRow[p.id]}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  header: 'Fixed cost',
                  render: (p) => (
                    <TextInput
                      size="xs"
                      w={100}
                      aria-label={`Fixed cost of ${p.name}`}
                      value={edits[p.id]?.fixedCost ?? p.fixedCost}
                      onChange={(e) => edit(p.id, { fixedCost: e.currentTarget.value })}
                    />
                  ),
                },
                {
                  header: 'Discount',
                  render: (p) => (
                    <PercentInput
                      size="xs"
                      w={100}
                      decimals={3}
                      aria-label={`Discount of ${p.name}`}
                      value={edits[p.id]?.discountPercent ?? p.discountPercent}
                      onChange={(v) => edit(p.id, { discountPercent: v })}
                    />
                  ),
                },
                {
                  header: 'Sync',
                  render: (p) => (
                    <Checkbox
                      aria-label={`Keep ${p.name} in sync`}
                      checked={edits[p.id]?.sync ?? p.sync}
                      onChange={(e) => edit(p.id, { sync: e.currentTarget.checked })}
                    />
                  ),
                },
              ]}
            />
          </ScrollArea.Autosize>
        )}
        {(rowErrors.unplaced.length > 0 || (failure && !Object.keys(rowErrors.byRow).length)) && (
          <Alert color="red" role="alert">
            {rowErrors.unplaced.length ? rowErrors.unplaced.join(' ') : failure}
          </Alert>
        )}
        <DialogActions submitLabel={`Import ${selected.size} package${selected.size === 1 ? '' : 's'}`} submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
