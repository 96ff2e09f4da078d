import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type {
  LabelBody,
  LabelRow,
  NetworkBody,
  NetworkRow,
  ServiceBulkBody,
  ServiceRow,
  ServiceTypeBody,
  ServiceTypeRow,
  TargetBody,
  TargetRow,
  TargetTypeBody,
  TargetTypeRow,
} from '../../../contract/catalogue';
import { SERVICE_ACTIONS } from '../../../contract/catalogue/actions';
import {
  LABELS_TABLE,
  NETWORKS_TABLE,
  SERVICE_TYPES_TABLE,
  SERVICES_TABLE,
  TARGET_TYPE_KIND_LABELS,
  TARGET_TYPES_TABLE,
  TARGET_VIEW_TYPE_LABELS,
  TARGETS_TABLE,
} from '../../../contract/catalogue/columns';
import { LOCALE_LABELS } from '../../../contract/locales';
import { createAction, deleteAction, editAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineBulkAction, defineCollectionAction, defineRowAction, type RowKey } from '../../resource/actions';
import { Dash } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { ColorIcon, ServiceFlagMarks, TranslationCompleteness } from './cells';
import { useLabelOptions, useNetworkOptions, useProviderOptions, useServiceTypeOptions, useTargetTypeOptions, useTypeNetworkOptions } from './queries';

/**
 * The catalogue's lists: services, networks, service types, labels (features), targets and target
 * types. Every action carries its endpoint's permission and the
 * row's server flag; archiving asks after showing what depends on the service.
 */

const dialogs = {
  archive: lazyDialog(() => import('./ServiceImpactDialog').then((m) => m.ArchiveServiceDialog)),
  bulk: lazyDialog(() => import('./ServiceBulkDialog').then((m) => m.ServiceBulkDialog)),
  network: lazyDialog(() => import('./NetworkDialog').then((m) => m.NetworkDialog)),
  sortNetworks: lazyDialog(() => import('./SortDialogs').then((m) => m.SortNetworksDialog)),
  sortServiceTypes: lazyDialog(() => import('./SortDialogs').then((m) => m.SortServiceTypesDialog)),
  sortServices: lazyDialog(() => import('./SortDialogs').then((m) => m.SortServicesDialog)),
  serviceType: lazyDialog(() => import('./ServiceTypeDialog').then((m) => m.ServiceTypeDialog)),
  label: lazyDialog(() => import('./LabelDialog').then((m) => m.LabelDialog)),
  target: lazyDialog(() => import('./TargetDialogs').then((m) => m.TargetDialog)),
  targetType: lazyDialog(() => import('./TargetDialogs').then((m) => m.TargetTypeDialog)),
};

const localeLabels = LOCALE_LABELS as Record<string, string>;
const ids = (keys: RowKey[]) => keys.map(Number);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const servicesResource = defineResource({
  name: 'services',
  path: '/services',
  title: 'Services',
  nouns: ['service', 'services', 'svc'],
  endpoint: 'servicesTable',
  table: SERVICES_TABLE,
  describe: (s: ServiceRow) => `service ${s.id} (${s.name})`,
  state: (s) => (s.isArchived ? 'archived' : s.isEnabled ? 'enabled' : 'disabled'),
  open: (s) => `/services/${s.id}`,
  subtitle: (s) => `${s.network.name} · ${s.serviceType.name}`,
  defaultFilters: { isArchived: false },
  columns: [
    { key: 'id', header: 'ID', width: 80, hideable: false },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (s) => (
        <Anchor component={Link} to={`/services/${s.id}`} size="sm">
          {s.name}
        </Anchor>
      ),
    },
    { key: 'serviceType.name', header: 'Type', width: 150, filterUi: { useOptions: useServiceTypeOptions }, render: (s) => s.serviceType.name },
    { key: 'network.name', header: 'Network', width: 110, filterUi: { useOptions: useNetworkOptions }, render: (s) => s.network.name },
    {
      key: 'defaultPrice',
      header: 'Price',
      align: 'right',
      filterUi: { decimals: 4 },
      render: (s) => (
        <Text component="span" size="sm">
          <CostLabel value={s.defaultPrice} /> / {s.pricingPer}
        </Text>
      ),
    },
    { key: 'minQuantity', header: 'Min', align: 'right', visible: false },
    { key: 'maxQuantity', header: 'Quantity', align: 'right', width: 130, render: (s) => `${s.minQuantity} – ${s.maxQuantity}` },
    {
      key: 'providers',
      header: 'Providers',
      visible: false,
      filterUi: { useOptions: useProviderOptions },
      render: (s) => (s.providers.length ? s.providers.map((p) => p.name).join(', ') : <Dash />),
    },
    {
      key: 'labels',
      header: 'Labels',
      visible: false,
      filterUi: { useOptions: useLabelOptions },
      render: (s) => (s.labels.length ? s.labels.map((l) => l.name).join(', ') : <Dash />),
    },
    { key: 'flags', header: 'Flags', render: (s) => <ServiceFlagMarks flags={s.flags} dripFeed={s.dripFeedIsAllowed} /> },
    {
      key: 'isEnabled',
      header: 'Enabled',
      filterUi: { trueLabel: 'Enabled', falseLabel: 'Disabled' },
      render: (s) => <StatusLabel value={s.isEnabled ? 'active' : 'disabled'} text={s.isEnabled ? 'Enabled' : 'Disabled'} />,
    },
    {
      key: 'isArchived',
      header: 'Archived',
      // Not archived by default: the filter says so; the column is in the chooser.
      visible: false,
      filterUi: { trueLabel: 'Archived', falseLabel: 'Not archived' },
      render: (s) => (s.isArchived ? <StatusLabel value="archived" text="Archived" /> : <Dash />),
    },
    { key: 'hasRefill', header: 'Refill', visible: false, render: (s) => yesNo(s.hasRefill) },
    { key: 'dripFeedIsAllowed', header: 'Drip-feed', visible: false, render: (s) => yesNo(s.dripFeedIsAllowed) },
    { key: 'apiAccess', header: 'API access', visible: false, render: (s) => yesNo(s.apiAccess) },
    {
      key: 'translations',
      header: 'Translations',
      visible: false,
      filterUi: { labels: localeLabels, placeholder: 'Missing in…' },
      render: (s) => <TranslationCompleteness state={s.translations} />,
    },
    { key: 'sorting', header: 'Position', visible: false },
    { key: 'createdAt', header: 'Created', visible: false, render: (s) => <DateTime value={s.createdAt} /> },
  ],
  rowActions: [
    defineRowAction<ServiceRow>({
      id: 'archive',
      label: SERVICE_ACTIONS.archive.label,
      past: SERVICE_ACTIONS.archive.past,
      color: 'yellow',
      flag: SERVICE_ACTIONS.archive.flag,
      shortcut: 'a',
      dialog: dialogs.archive,
      mutation: { endpoint: 'servicesArchive', params: (s) => ({ serviceId: s.id }) },
    }),
    {
      id: 'unarchive',
      label: SERVICE_ACTIONS.unarchive.label,
      past: SERVICE_ACTIONS.unarchive.past,
      aliases: ['restore'],
      flag: SERVICE_ACTIONS.unarchive.flag,
      shortcut: 'u',
      confirm: {
        text: (s: ServiceRow) => `Bring service ${s.id} (${s.name}) back from the archive? It comes back disabled.`,
        undoable: 'Archiving it again puts it back.',
      },
      mutation: { endpoint: 'servicesUnarchive', params: (s: ServiceRow) => ({ serviceId: s.id }) },
    },
    {
      id: 'copy',
      label: SERVICE_ACTIONS.copy.label,
      past: SERVICE_ACTIONS.copy.past,
      aliases: ['duplicate', 'clone'],
      flag: SERVICE_ACTIONS.copy.flag,
      shortcut: 'c',
      confirm: { text: (s: ServiceRow) => `Copy service ${s.id} (${s.name})? The copy is disabled, with a new slug.`, undoable: 'The copy can be archived.' },
      mutation: { endpoint: 'servicesCopy', params: (s: ServiceRow) => ({ serviceId: s.id }) },
    },
    // What a customer would pay for it: the price preview, opened on this service.
    { id: 'preview', label: 'Price preview', aliases: ['price'], open: (s: ServiceRow) => `/price-preview?serviceId=${s.id}` },
  ],
  bulkActions: [
    defineBulkAction<ServiceRow, Omit<ServiceBulkBody, 'servicesIds'>>({
      id: 'bulkUpdate',
      label: 'Bulk update',
      past: 'updated',
      aliases: ['bulk', 'enable', 'disable', 'margin', 'flags'],
      dialog: dialogs.bulk,
      mutation: { endpoint: 'servicesBulk', body: (keys, input) => ({ servicesIds: ids(keys), ...input }) },
    }),
  ],
  collectionActions: [
    defineCollectionAction({
      id: 'create',
      label: 'New service',
      aliases: ['new', 'create', 'add'],
      // The screen saves through this endpoint, so its permission is the action's (the screen's route admits viewers too).
      endpoint: 'servicesStore',
      shortcut: 'n',
      to: '/services/create',
    }),
  ],
});

export const networksResource = defineResource({
  name: 'networks',
  path: '/networks',
  title: 'Networks',
  nouns: ['network', 'networks', 'net'],
  endpoint: 'networksTable',
  table: NETWORKS_TABLE,
  defaultSort: { key: 'sorting', desc: false },
  describe: (n: NetworkRow) => `network ${n.name}`,
  columns: [
    { key: 'id', header: 'ID', width: 70 },
    { key: 'sorting', header: '#', width: 60 },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (n) => (
        <Group gap={8} wrap="nowrap">
          <ColorIcon color={n.color} icon={null} />
          <span>{n.name}</span>
        </Group>
      ),
    },
    { key: 'network', header: 'Machine name' },
    {
      key: 'serviceTypes',
      header: 'Service types',
      render: (n) =>
        n.serviceTypes.length ? (
          <Anchor component={Link} to="/service-types" search={{ 'network.name': String(n.id) } as never} size="sm">
            {n.serviceTypes.length} type{n.serviceTypes.length === 1 ? '' : 's'}
          </Anchor>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'servicesCount',
      header: 'Services',
      align: 'right',
      render: (n) => (
        <Anchor component={Link} to="/services" search={{ 'network.name': String(n.id) } as never} size="sm">
          {n.servicesCount}
        </Anchor>
      ),
    },
    {
      key: 'translations',
      header: 'Translations',
      filterUi: { labels: localeLabels, placeholder: 'Missing in…' },
      render: (n) => <TranslationCompleteness state={n.translations} />,
    },
  ],
  rowActions: [
    editAction<NetworkRow, 'networksUpdate', NetworkBody>({
      endpoint: 'networksUpdate',
      flag: 'editable',
      params: (n) => ({ networkId: n.id }),
      dialog: dialogs.network,
      body: (_n, input) => input,
    }),
    defineRowAction<NetworkRow, { ids: number[] }>({
      id: 'sortServiceTypes',
      label: 'Service type positions',
      past: 'reordered',
      aliases: ['sort types', 'reorder types'],
      flag: 'editable',
      dialog: dialogs.sortServiceTypes,
      mutation: { endpoint: 'networkServiceTypesSort', params: (n) => ({ networkId: n.id }), body: (_n, input) => ({ service_types: input.ids }) },
      success: (n) => `Service types of ${n.name} reordered.`,
    }),
  ],
  collectionActions: [
    createAction<'networksStore', NetworkBody>({ noun: 'network', endpoint: 'networksStore', dialog: dialogs.network, body: (input) => input }),
    defineCollectionAction<{ ids: number[] }>({
      id: 'sort',
      label: 'Network positions',
      aliases: ['sort', 'reorder', 'positions'],
      shortcut: 'o',
      dialog: dialogs.sortNetworks,
      mutation: { endpoint: 'networksSort', body: (input) => ({ networks: input.ids }) },
      success: 'Networks reordered.',
    }),
  ],
});

export const serviceTypesResource = defineResource({
  name: 'service-types',
  path: '/service-types',
  title: 'Service types',
  nouns: ['service type', 'service types', 'type', 'st'],
  endpoint: 'serviceTypesTable',
  table: SERVICE_TYPES_TABLE,
  defaultSort: { key: 'sorting', desc: false },
  describe: (t: ServiceTypeRow) => `service type ${t.name} (${t.network.name})`,
  columns: [
    { key: 'id', header: 'ID', width: 70 },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (t) => (
        <Group gap={8} wrap="nowrap">
          <ColorIcon color={t.color} icon={null} />
          <span>{t.name}</span>
        </Group>
      ),
    },
    { key: 'network.name', header: 'Network', filterUi: { useOptions: useTypeNetworkOptions }, render: (t) => t.network.name },
    { key: 'type', header: 'Type' },
    {
      key: 'servicesCount',
      header: 'Services',
      align: 'right',
      render: (t) => (
        <Anchor component={Link} to="/services" search={{ 'serviceType.name': String(t.id) } as never} size="sm">
          {t.servicesCount}
        </Anchor>
      ),
    },
    {
      key: 'reviewsRating',
      header: 'Rating',
      align: 'right',
      filterUi: { decimals: 2, min: 0, max: 5 },
      render: (t) => `${t.reviewsRating} (${t.reviewsCount})`,
    },
    {
      key: 'translations',
      header: 'Translations',
      filterUi: { labels: localeLabels, placeholder: 'Missing in…' },
      render: (t) => <TranslationCompleteness state={t.translations} />,
    },
    { key: 'sorting', header: '#', width: 60, visible: false },
  ],
  rowActions: [
    editAction<ServiceTypeRow, 'serviceTypesUpdate', ServiceTypeBody>({
      endpoint: 'serviceTypesUpdate',
      flag: 'editable',
      params: (t) => ({ serviceTypeId: t.id }),
      dialog: dialogs.serviceType,
      body: (_t, input) => input,
    }),
    defineRowAction<ServiceTypeRow, { ids: number[] }>({
      id: 'sortServices',
      label: 'Service positions',
      past: 'reordered',
      aliases: ['sort services', 'reorder services'],
      flag: 'editable',
      dialog: dialogs.sortServices,
      mutation: { endpoint: 'serviceTypesSortServices', params: (t) => ({ serviceTypeId: t.id }), body: (_t, input) => ({ services: input.ids }) },
      success: (t) => `Services of ${t.name} reordered.`,
      invalidates: ['services'],
    }),
  ],
  collectionActions: [
    createAction<'serviceTypesStore', ServiceTypeBody>({
      noun: 'service type',
      endpoint: 'serviceTypesStore',
      dialog: dialogs.serviceType,
      body: (input) => input,
    }),
  ],
});

export const labelsResource = defineResource({
  name: 'service-labels',
  path: '/service-labels',
  title: 'Service labels',
  nouns: ['label', 'labels', 'feature', 'features'],
  endpoint: 'labelsTable',
  table: LABELS_TABLE,
  defaultSort: { key: 'name', desc: false },
  describe: (l: LabelRow) => `label ${l.name}`,
  columns: [
    { key: 'id', header: 'ID', width: 70 },
    {
      key: 'icon',
      header: 'Icon',
      render: (l) => (
        <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
          {l.icon}
        </Badge>
      ),
    },
    { key: 'name', header: 'Name', hideable: false },
    {
      key: 'servicesCount',
      header: 'Services',
      align: 'right',
      render: (l) => (
        <Anchor component={Link} to="/services" search={{ labels: String(l.id) } as never} size="sm">
          {l.servicesCount}
        </Anchor>
      ),
    },
    {
      key: 'translations',
      header: 'Translations',
      filterUi: { labels: localeLabels, placeholder: 'Missing in…' },
      render: (l) => <TranslationCompleteness state={l.translations} />,
    },
  ],
  rowActions: [
    editAction<LabelRow, 'labelsUpdate', LabelBody>({
      endpoint: 'labelsUpdate',
      flag: 'editable',
      params: (l) => ({ labelId: l.id }),
      dialog: dialogs.label,
      body: (_l, input) => input,
    }),
    deleteAction<LabelRow, 'labelsDelete'>({ endpoint: 'labelsDelete', flag: 'deletable', params: (l) => ({ labelId: l.id }) }),
  ],
  collectionActions: [createAction<'labelsStore', LabelBody>({ noun: 'label', endpoint: 'labelsStore', dialog: dialogs.label, body: (input) => input })],
});

export const targetsResource = defineResource({
  name: 'targets',
  path: '/targets',
  title: 'Targets',
  nouns: ['target', 'targets', 'tg'],
  endpoint: 'targetsTable',
  table: TARGETS_TABLE,
  describe: (t: TargetRow) => `target ${t.name}`,
  columns: [
    { key: 'id', header: 'ID', width: 70 },
    { key: 'name', header: 'Name', hideable: false },
    { key: 'targetType.title', header: 'Target type', filterUi: { useOptions: useTargetTypeOptions }, render: (t) => t.targetType.title },
    {
      key: 'selectableValues',
      header: 'Values',
      render: (t) =>
        t.selectableValues.length ? (
          `${t.selectableValues.slice(0, 4).join(', ')}${t.selectableValues.length > 4 ? ` and ${t.selectableValues.length - 4} more` : ''}`
        ) : (
          <Dash />
        ),
    },
    {
      key: 'isVisibleDefaultValues',
      header: 'Default values shown',
      filterUi: { trueLabel: 'Shown', falseLabel: 'Hidden' },
      render: (t) => yesNo(t.isVisibleDefaultValues),
    },
    { key: 'servicesCount', header: 'Services', align: 'right' },
  ],
  rowActions: [
    editAction<TargetRow, 'targetsUpdate', TargetBody>({
      endpoint: 'targetsUpdate',
      flag: 'editable',
      params: (t) => ({ targetId: t.id }),
      dialog: dialogs.target,
      body: (_t, input) => input,
    }),
  ],
  collectionActions: [createAction<'targetsStore', TargetBody>({ noun: 'target', endpoint: 'targetsStore', dialog: dialogs.target, body: (input) => input })],
});

export const targetTypesResource = defineResource({
  name: 'target-types',
  path: '/target-types',
  title: 'Target types',
  nouns: ['target type', 'target types', 'tt'],
  endpoint: 'targetTypesTable',
  table: TARGET_TYPES_TABLE,
  describe: (t: TargetTypeRow) => `target type ${t.title}`,
  columns: [
    { key: 'id', header: 'ID', width: 70 },
    { key: 'title', header: 'Title', hideable: false },
    { key: 'name', header: 'Kind', filterUi: { labels: TARGET_TYPE_KIND_LABELS }, render: (t) => TARGET_TYPE_KIND_LABELS[t.name] },
    { key: 'viewType', header: 'View type', filterUi: { labels: TARGET_VIEW_TYPE_LABELS }, render: (t) => TARGET_VIEW_TYPE_LABELS[t.viewType] },
    { key: 'selectable', header: 'Selectable', render: (t) => yesNo(t.selectable) },
    { key: 'enabledForService', header: 'For services', render: (t) => yesNo(t.enabledForService) },
    {
      key: 'targetsCount',
      header: 'Targets',
      align: 'right',
      render: (t) => (
        <Anchor component={Link} to="/targets" search={{ 'targetType.title': String(t.id) } as never} size="sm">
          {t.targetsCount}
        </Anchor>
      ),
    },
  ],
  rowActions: [
    editAction<TargetTypeRow, 'targetTypesUpdate', TargetTypeBody>({
      endpoint: 'targetTypesUpdate',
      flag: 'editable',
      params: (t) => ({ targetTypeId: t.id }),
      dialog: dialogs.targetType,
      body: (_t, input) => input,
    }),
  ],
  collectionActions: [
    createAction<'targetTypesStore', TargetTypeBody>({ noun: 'target type', endpoint: 'targetTypesStore', dialog: dialogs.targetType, body: (input) => input }),
  ],
});
