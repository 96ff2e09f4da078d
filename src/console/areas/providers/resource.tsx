import { Badge, Group, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  EXTERNAL_PANELS_TABLE,
  PROVIDER_SERVICE_TYPE_LABELS,
  PROVIDER_SERVICES_TABLE,
  PROVIDER_STATUS_LABELS,
  PROVIDER_TYPE_LABELS,
} from '../../../contract/providers/columns';
import type {
  ExternalPanelBody,
  ExternalPanelRow,
  ImportPackagesBody,
  ImportServicesBody,
  ProviderServiceBody,
  ProviderServiceRow,
} from '../../../contract/providers';
import { archiveAction, createAction, editAction, restoreAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { api } from '../../api/client';
import { AppLink } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';

/**
 * Providers (external panels) and provider services (pricing rules), docs/providers.md. One
 * dialog creates and edits a provider (validate, presets, write-only token); billing, service
 * import and package import open from a provider's row or screen.
 */

const providerDialog = lazyDialog(() => import('./ProviderDialog').then((m) => m.ProviderDialog));
const billingDialog = lazyDialog(() => import('./BillingDialog').then((m) => m.BillingDialog));
const importServicesDialog = lazyDialog(() => import('./ImportServicesDialog').then((m) => m.ImportServicesDialog));
const importProvidersDialog = lazyDialog(() => import('./ImportProvidersDialog').then((m) => m.ImportProvidersDialog));
const importPackagesDialog = lazyDialog(() => import('./ImportPackagesDialog').then((m) => m.ImportPackagesDialog));
const providerServiceDialog = lazyDialog(() => import('./ProviderServiceDialog').then((m) => m.ProviderServiceDialog));

export function ProviderTypeBadge({ type }: { type: keyof typeof PROVIDER_TYPE_LABELS }) {
  return (
    <Badge variant="light" color={type === 'socpanel' ? 'indigo' : type === 'perfect_panel' ? 'grape' : 'cyan'} size="sm">
      {PROVIDER_TYPE_LABELS[type]}
    </Badge>
  );
}

export function ProviderStatus({ status, archived, syncFailed }: { status: 'active' | 'disabled'; archived: boolean; syncFailed?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StatusLabel value={archived ? 'archived' : status} text={archived ? 'Archived' : PROVIDER_STATUS_LABELS[status]} />
      {syncFailed && (
        <Tooltip label="The last sync with this provider failed">
          <Badge color="red" variant="filled" size="xs">
            Sync failed
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** Providers for the provider services list's filter (fetched once). */
function useProviderOptions() {
  const q = useQuery({
    queryKey: ['provider-services-collections'],
    queryFn: ({ signal }) => api('providerServicesCollections', { signal }),
    staleTime: 5 * 60_000,
  });
  return (q.data?.providers ?? []).map((p) => ({ value: String(p.id), label: p.name }));
}

export const externalPanelsResource = defineResource({
  name: 'external-panels',
  path: '/external-panels',
  title: 'Providers',
  nouns: ['provider', 'providers', 'external panel', 'panel'],
  endpoint: 'externalPanelsTable',
  table: EXTERNAL_PANELS_TABLE,
  describe: (p: ExternalPanelRow) => `provider ${p.name}`,
  open: (p) => `/external-panels/${p.id}`,
  subtitle: (p) => `${PROVIDER_TYPE_LABELS[p.type]} · ${p.currency}`,
  defaultSort: { key: 'name', desc: true },
  defaultFilters: { isArchived: false },
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      width: 300,
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <AppLink to={`/external-panels/${p.id}`}>{p.name}</AppLink>
          {p.isOurPanel && (
            <Badge size="xs" variant="outline" color="indigo">
              ours
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'type', header: 'Type', width: 140, filterUi: { labels: PROVIDER_TYPE_LABELS }, render: (p) => <ProviderTypeBadge type={p.type} /> },
    {
      key: 'balance',
      header: 'Balance',
      width: 150,
      align: 'right',
      filterUi: { decimals: 2 },
      render: (p) => (
        <Tooltip
          label={p.balanceUpdatedAt ? `Read from the provider ${p.balanceUpdatedAt.replace('T', ' ').slice(0, 16)} UTC` : 'Never read from the provider'}
        >
          <span>
            <Money value={p.balance} currency={p.currency} />
          </span>
        </Tooltip>
      ),
    },
    { key: 'currency', header: 'Currency', width: 110 },
    { key: 'servicesCount', header: 'Provider services', width: 150, align: 'right' },
    {
      key: 'status',
      header: 'Status',
      width: 170,
      visible: false,
      filterUi: { labels: PROVIDER_STATUS_LABELS },
      render: (p) => <ProviderStatus status={p.status} archived={p.isArchived} syncFailed={p.syncFailed} />,
    },
    {
      key: 'syncFailed',
      header: 'Sync failed',
      width: 120,
      visible: false,
      filterUi: { trueLabel: 'Failed', falseLabel: 'OK' },
      render: (p) => (p.syncFailed ? 'Failed' : 'OK'),
    },
    {
      key: 'isArchived',
      header: 'Archived',
      width: 110,
      visible: false,
      filterUi: { trueLabel: 'Archived', falseLabel: 'Not archived' },
      render: (p) => (p.isArchived ? 'Archived' : 'No'),
    },
  ],
  rowActions: [
    editAction<ExternalPanelRow, 'externalPanelsUpdate', ExternalPanelBody>({
      endpoint: 'externalPanelsUpdate',
      flag: 'editable',
      params: (p) => ({ externalPanelId: p.id }),
      dialog: providerDialog,
      body: (_p, input) => input,
    }),
    {
      id: 'billing',
      label: 'Billing',
      aliases: ['payments', 'top-up'],
      // The dialog's calls; its permission is the action's.
      endpoint: 'externalPanelPaymentsStore',
      flag: 'showBilling',
      shortcut: 'b',
      dialog: billingDialog,
      // The dialog records and edits billing itself and closes with its own button.
      mutation: async () => undefined,
    },
    {
      id: 'import-services',
      label: 'Import services',
      aliases: ['import'],
      flag: 'editable',
      shortcut: 'i',
      dialog: importServicesDialog,
      // Thousands of services to search, pick and price: the whole screen, not a 600 px form.
      fullScreenDialog: true,
      mutation: {
        endpoint: 'externalPanelImportServicesStore',
        params: (p: ExternalPanelRow) => ({ externalPanelId: p.id }),
        body: (_p: ExternalPanelRow, input: ImportServicesBody) => input,
      },
      success: (p: ExternalPanelRow) => `Services imported from ${p.name}.`,
      invalidates: ['services', 'provider-services'],
    },
    {
      id: 'import-providers',
      label: 'Add provider services',
      aliases: ['import providers', 'pricing rules'],
      flag: 'editable',
      dialog: importProvidersDialog,
      mutation: {
        endpoint: 'externalPanelImportProviders',
        params: (p: ExternalPanelRow) => ({ externalPanelId: p.id }),
        body: (_p: ExternalPanelRow, input: { importableServicesIds: string[] }) => input,
      },
      success: (p: ExternalPanelRow) => `Provider services added from ${p.name}.`,
      invalidates: ['provider-services'],
    },
    {
      id: 'import-packages',
      label: 'Import packages',
      flag: 'importPackages',
      dialog: importPackagesDialog,
      mutation: {
        endpoint: 'externalPanelImportPackagesStore',
        params: (p: ExternalPanelRow) => ({ externalPanelId: p.id }),
        body: (_p: ExternalPanelRow, input: ImportPackagesBody) => input,
      },
      success: (p: ExternalPanelRow) => `Packages imported from ${p.name}.`,
    },
    archiveAction<ExternalPanelRow, 'externalPanelsArchive'>({
      endpoint: 'externalPanelsArchive',
      flag: 'archivable',
      params: (p) => ({ externalPanelId: p.id }),
    }),
    restoreAction<ExternalPanelRow, 'externalPanelsUnarchive'>({
      endpoint: 'externalPanelsUnarchive',
      flag: 'restore',
      params: (p) => ({ externalPanelId: p.id }),
    }),
  ],
  collectionActions: [
    createAction<'externalPanelsStore', ExternalPanelBody>({
      noun: 'provider',
      endpoint: 'externalPanelsStore',
      dialog: providerDialog,
      body: (input) => input,
      openCreated: (answer) => `/external-panels/${(answer as { externalPanel: { id: number } }).externalPanel.id}`,
    }),
  ],
});

export const providerServicesResource = defineResource({
  name: 'provider-services',
  path: '/providers',
  title: 'Provider services',
  nouns: ['provider service', 'provider services', 'pricing rule'],
  endpoint: 'providerServicesTable',
  table: PROVIDER_SERVICES_TABLE,
  describe: (s: ProviderServiceRow) => `provider service ${s.id}`,
  open: (s) => `/providers/${s.id}`,
  subtitle: (s) => `${s.provider.name} · ${s.externalPanelServiceId}`,
  defaultFilters: { isArchived: false },
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    { key: 'name', header: 'Name', hideable: false, width: 300, render: (s) => <AppLink to={`/providers/${s.id}`}>{s.name}</AppLink> },
    {
      key: 'type',
      header: 'Type',
      width: 140,
      filterUi: { labels: PROVIDER_SERVICE_TYPE_LABELS },
      render: (s) => PROVIDER_SERVICE_TYPE_LABELS[s.type] ?? s.type,
    },
    {
      key: 'provider.name',
      header: 'Provider',
      width: 190,
      filterUi: { useOptions: useProviderOptions },
      render: (s) => <AppLink to={`/external-panels/${s.provider.id}`}>{s.provider.name}</AppLink>,
    },
    { key: 'externalPanelServiceId', header: 'Service id at provider', width: 130, visible: false },
    {
      key: 'sourcePrice',
      header: 'Source price',
      width: 140,
      align: 'right',
      filterUi: { decimals: 4 },
      render: (s) => <Money value={s.sourcePrice.amount} currency={s.sourcePrice.currency} maxDecimals={4} />,
    },
    { key: 'sourcePricingPer', header: 'Source price per', width: 120, align: 'right' },
    {
      key: 'status',
      header: 'Status',
      width: 130,
      filterUi: { labels: PROVIDER_STATUS_LABELS },
      render: (s) => <ProviderStatus status={s.status} archived={s.isArchived} />,
    },
    {
      key: 'isArchived',
      header: 'Archived',
      width: 110,
      visible: false,
      filterUi: { trueLabel: 'Archived', falseLabel: 'Not archived' },
      render: (s) => (s.isArchived ? 'Archived' : 'No'),
    },
    { key: 'servicesCount', header: 'Our services', width: 110, visible: false, align: 'right' },
  ],
  rowActions: [
    editAction<ProviderServiceRow, 'providerServicesUpdate', ProviderServiceBody>({
      endpoint: 'providerServicesUpdate',
      flag: 'editable',
      params: (s) => ({ providerId: s.id }),
      dialog: providerServiceDialog,
      body: (_s, input) => input,
    }),
    archiveAction<ProviderServiceRow, 'providerServicesArchive'>({
      endpoint: 'providerServicesArchive',
      flag: 'archivable',
      params: (s) => ({ providerId: s.id }),
    }),
    {
      ...restoreAction<ProviderServiceRow, 'providerServicesUnarchive'>({
        endpoint: 'providerServicesUnarchive',
        flag: 'unarchivable',
        params: (s) => ({ providerId: s.id }),
      }),
      label: 'Unarchive',
    },
  ],
  collectionActions: [
    createAction<'providerServicesStore', ProviderServiceBody>({
      noun: 'provider service',
      endpoint: 'providerServicesStore',
      dialog: providerServiceDialog,
      body: (input) => input,
      openCreated: (answer) => `/providers/${(answer as { providerService: { id: number } }).providerService.id}`,
    }),
  ],
});
