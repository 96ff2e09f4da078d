import { Anchor, Group, Image, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { BannerRow, PackageBody, PackageRow, PackagesBulkBody, SpecialOfferBody, SpecialOfferRow } from '../../../contract/storefront';
import { SPECIAL_OFFER_ACTIONS } from '../../../contract/storefront/actions';
import {
  BANNER_PLACE_LABELS,
  BANNER_TYPE_LABELS,
  BANNERS_TABLE,
  PACKAGE_TYPE_LABELS,
  PACKAGES_TABLE,
  SPECIAL_OFFER_PLACE_LABELS,
  SPECIAL_OFFER_POSITION_LABELS,
  SPECIAL_OFFER_STATUS_LABELS,
  SPECIAL_OFFERS_TABLE,
} from '../../../contract/storefront/columns';
import { archiveAction, createAction, deleteAction, editAction, restoreAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineBulkAction, defineRowAction, type RowKey } from '../../resource/actions';
import { Dash } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { useOfferNetworkOptions, usePackageNetworkOptions, usePackageProviderOptions } from './queries';
import { percentText } from '../../ui/format';

/**
 * The storefront lists: packages, special offers and banners. Auto-promotions
 * are one screen of their own (networks and their services). Every action carries its endpoint's
 * permission and the row's server flag.
 */

const dialogs = {
  package: lazyDialog(() => import('./PackageForm').then((m) => m.PackageDialog)),
  packageBulk: lazyDialog(() => import('./PackageBulkDialog').then((m) => m.PackageBulkDialog)),
  specialOffer: lazyDialog(() => import('./SpecialOfferForm').then((m) => m.SpecialOfferDialog)),
};

const ids = (keys: RowKey[]) => keys.map(Number);

export const packagesResource = defineResource({
  name: 'packages',
  path: '/packages',
  title: 'Packages',
  nouns: ['package', 'packages', 'pkg'],
  endpoint: 'packagesTable',
  table: PACKAGES_TABLE,
  describe: (p: PackageRow) => `package ${p.id} (${p.name})`,
  state: (p) => (p.isArchived ? 'archived' : p.isEnabled ? 'enabled' : 'disabled'),
  open: (p) => `/packages/${p.id}`,
  subtitle: (p) => `${p.network?.name ?? 'No network'} · ${PACKAGE_TYPE_LABELS[p.type]}`,
  defaultFilters: { isArchived: false },
  columns: [
    { key: 'id', header: 'ID', width: 80, hideable: false },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (p) => (
        <Anchor component={Link} to={`/packages/${p.id}`} size="sm">
          {p.name}
        </Anchor>
      ),
    },
    { key: 'type', header: 'Type', width: 100, filterUi: { labels: PACKAGE_TYPE_LABELS }, render: (p) => PACKAGE_TYPE_LABELS[p.type] },
    { key: 'network.name', header: 'Network', width: 130, filterUi: { useOptions: usePackageNetworkOptions }, render: (p) => p.network?.name ?? <Dash /> },
    {
      key: 'contents',
      header: 'Contents',
      width: 200,
      render: (p) =>
        p.contents.length ? (
          <Text size="sm" lineClamp={1} title={p.contents.map((c) => `${c.name} × ${c.quantity}`).join('\n')}>
            {p.contents.map((c) => `${c.name} × ${c.quantity}`).join(', ')}
          </Text>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'defaultCost',
      header: 'Default cost',
      width: 120,
      visible: false,
      align: 'right',
      filterUi: { decimals: 4 },
      render: (p) => <CostLabel value={p.defaultCost} />,
    },
    {
      key: 'discountPercent',
      header: 'Discount',
      width: 100,
      align: 'right',
      filterUi: { decimals: 3 },
      render: (p) => (Number(p.discountPercent) ? percentText(p.discountPercent) : <Dash />),
    },
    {
      key: 'totalCost',
      header: 'Total cost',
      width: 130,
      align: 'right',
      filterUi: { decimals: 4 },
      render: (p) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <CostLabel value={p.totalCost} />
          {p.fixedCost !== null && (
            <Text span size="xs" c="dimmed" title="A fixed cost set by hand">
              fixed
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'provider.name',
      header: 'Provider',
      visible: false,
      filterUi: { useOptions: usePackageProviderOptions },
      render: (p) => p.provider?.name ?? <Dash />,
    },
    {
      key: 'isEnabled',
      header: 'Enabled',
      width: 110,
      filterUi: { trueLabel: 'Enabled', falseLabel: 'Disabled' },
      render: (p) => <StatusLabel value={p.isEnabled ? 'active' : 'disabled'} text={p.isEnabled ? 'Enabled' : 'Disabled'} />,
    },
    {
      key: 'isArchived',
      header: 'Archived',
      visible: false,
      filterUi: { trueLabel: 'Archived', falseLabel: 'Not archived' },
      render: (p) => (p.isArchived ? <StatusLabel value="archived" text="Archived" /> : <Dash />),
    },
    { key: 'createdAt', header: 'Created', visible: false, render: (p) => <DateTime value={p.createdAt} /> },
  ],
  rowActions: [
    archiveAction<PackageRow, 'packagesArchive'>({ endpoint: 'packagesArchive', flag: 'archivable', params: (p) => ({ packageId: p.id }) }),
    restoreAction<PackageRow, 'packagesUnarchive'>({ endpoint: 'packagesUnarchive', flag: 'restorable', params: (p) => ({ packageId: p.id }) }),
  ],
  bulkActions: [
    defineBulkAction<PackageRow, Omit<PackagesBulkBody, 'package_ids'>>({
      id: 'bulkUpdate',
      label: 'Bulk update',
      past: 'updated',
      aliases: ['bulk', 'enable', 'disable', 'archive', 'discount'],
      dialog: dialogs.packageBulk,
      mutation: { endpoint: 'packagesBulk', body: (keys, input) => ({ package_ids: ids(keys), ...input }) },
    }),
  ],
  collectionActions: [
    createAction({
      noun: 'package',
      endpoint: 'packagesStore',
      dialog: dialogs.package,
      body: (input: PackageBody) => input,
      openCreated: (answer) => `/packages/${(answer as { package: { id: number } }).package.id}`,
    }),
  ],
});

/** A special offer state change; its label, verb, flag and from-statuses are the contract's SPECIAL_OFFER_ACTIONS. */
const offerAction = (
  action: 'enable' | 'disable' | 'unarchive',
  endpoint: 'specialOffersEnable' | 'specialOffersDisable' | 'specialOffersUnarchive',
  shortcut: string,
) =>
  defineRowAction<SpecialOfferRow>({
    id: action,
    label: SPECIAL_OFFER_ACTIONS[action].label,
    past: SPECIAL_OFFER_ACTIONS[action].past,
    flag: SPECIAL_OFFER_ACTIONS[action].flag,
    shortcut,
    mutation: { endpoint, params: (o: SpecialOfferRow) => ({ specialOfferId: o.id }) },
  });

export const specialOffersResource = defineResource({
  name: 'special-offers',
  path: '/special-offers',
  title: 'Special offers',
  nouns: ['special offer', 'special offers', 'offer'],
  endpoint: 'specialOffersTable',
  table: SPECIAL_OFFERS_TABLE,
  describe: (o: SpecialOfferRow) => `special offer ${o.id} (${o.name})`,
  state: (o) => o.status,
  open: (o) => `/special-offers/${o.id}`,
  subtitle: (o) => `${o.network.name} · ${SPECIAL_OFFER_PLACE_LABELS[o.place]}`,
  defaultFilters: { status: ['enabled', 'disabled'] },
  columns: [
    { key: 'id', header: 'ID', width: 80, hideable: false },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (o) => (
        <Anchor component={Link} to={`/special-offers/${o.id}`} size="sm">
          {o.name}
        </Anchor>
      ),
    },
    { key: 'place', header: 'Place', width: 170, filterUi: { labels: SPECIAL_OFFER_PLACE_LABELS }, render: (o) => SPECIAL_OFFER_PLACE_LABELS[o.place] },
    {
      key: 'position',
      header: 'Position',
      width: 110,
      filterUi: { labels: SPECIAL_OFFER_POSITION_LABELS },
      render: (o) => SPECIAL_OFFER_POSITION_LABELS[o.position],
    },
    { key: 'network.name', header: 'Network', width: 130, filterUi: { useOptions: useOfferNetworkOptions }, render: (o) => o.network.name },
    { key: 'servicesCount', header: 'Services', width: 100, align: 'right', render: (o) => o.servicesCount },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      filterUi: { labels: SPECIAL_OFFER_STATUS_LABELS },
      render: (o) => <StatusLabel value={o.status === 'enabled' ? 'active' : o.status} text={SPECIAL_OFFER_STATUS_LABELS[o.status]} />,
    },
    { key: 'createdAt', header: 'Created', width: 170, render: (o) => <DateTime value={o.createdAt} /> },
  ],
  rowActions: [
    editAction({
      endpoint: 'specialOffersUpdate',
      flag: 'editable',
      params: (o: SpecialOfferRow) => ({ specialOfferId: o.id }),
      dialog: dialogs.specialOffer,
      body: (_o: SpecialOfferRow, input: SpecialOfferBody) => input,
    }),
    offerAction('enable', 'specialOffersEnable', 'y'),
    offerAction('disable', 'specialOffersDisable', 'd'),
    archiveAction<SpecialOfferRow, 'specialOffersArchive'>(
      {
        endpoint: 'specialOffersArchive',
        flag: SPECIAL_OFFER_ACTIONS.archive.flag,
        params: (o) => ({ specialOfferId: o.id }),
      },
      'unarchive',
    ),
    offerAction('unarchive', 'specialOffersUnarchive', 'u'),
    deleteAction<SpecialOfferRow, 'specialOffersDelete'>({ endpoint: 'specialOffersDelete', flag: 'delete', params: (o) => ({ specialOfferId: o.id }) }),
  ],
  collectionActions: [
    createAction({
      noun: 'special offer',
      endpoint: 'specialOffersStore',
      dialog: dialogs.specialOffer,
      body: (input: SpecialOfferBody) => input,
      openCreated: (answer) => `/special-offers/${(answer as { specialOffer: { id: number } }).specialOffer.id}`,
    }),
  ],
});

export const bannersResource = defineResource({
  name: 'banners',
  path: '/banners',
  title: 'Banners',
  nouns: ['banner', 'banners'],
  endpoint: 'bannersTable',
  table: BANNERS_TABLE,
  // Banners need no permission, only a signed-in member.
  describe: (b: BannerRow) => `banner ${b.id} (${BANNER_PLACE_LABELS[b.place]})`,
  state: (b) => b.status,
  open: (b) => `/banners/${b.id}`,
  subtitle: (b) => BANNER_TYPE_LABELS[b.type],
  // The places in the spec's order.
  defaultSort: { key: 'id', desc: false },
  defaultPerPage: 30,
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    {
      key: 'place',
      header: 'Place',
      hideable: false,
      filterUi: { labels: BANNER_PLACE_LABELS },
      render: (b) => (
        <Anchor component={Link} to={`/banners/${b.id}`} size="sm">
          {BANNER_PLACE_LABELS[b.place]}
        </Anchor>
      ),
    },
    { key: 'type', header: 'Type', width: 150, filterUi: { labels: BANNER_TYPE_LABELS }, render: (b) => BANNER_TYPE_LABELS[b.type] },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      filterUi: { labels: { active: 'Active', disabled: 'Disabled' }, placeholder: 'All' },
      render: (b) => <StatusLabel value={b.status === 'active' ? 'active' : 'disabled'} text={b.status === 'active' ? 'Active' : 'Disabled'} />,
    },
    { key: 'informationsCount', header: 'Slides', width: 90, align: 'right' },
    { key: 'scrollDelay', header: 'Scroll delay', width: 120, align: 'right', render: (b) => (b.scrollDelay ? `${b.scrollDelay} s` : <Dash />) },
    {
      key: 'preview',
      header: 'Preview',
      width: 150,
      render: (b) => (b.preview ? <Image src={b.preview} alt="" h={32} w="auto" fit="contain" radius="xs" /> : <Dash />),
    },
    { key: 'updatedAt', header: 'Updated', width: 170, render: (b) => <DateTime value={b.updatedAt} /> },
  ],
});
