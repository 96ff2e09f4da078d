import { Badge, Group, Text } from '@mantine/core';
import {
  COUPON_BONUS_TYPE_LABELS,
  COUPON_CALCULATION_TYPE_LABELS,
  COUPON_PAYMENT_TYPE_LABELS,
  COUPON_STATUS_LABELS,
  COUPONS_TABLE,
  DISCOUNT_SCOPE_LABELS,
  DISCOUNT_STATUS_LABELS,
  DISCOUNTS_TABLE,
  GRADE_ARCHIVE_STATE_LABELS,
  GRADES_TABLE,
} from '../../../contract/incentives/columns';
import type { CouponBody, CouponRow, DiscountBody, DiscountRow, GradeBody, GradeRow } from '../../../contract/incentives';
import { COUPON_ACTIONS, DISCOUNT_ACTIONS } from '../../../contract/incentives/actions';
import { archiveAction, createAction, editAction, restoreAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber, percentText } from '../../ui/format';
import { previewPath } from './previewPath';

/**
 * Coupons, discounts and grades: lists with their columns, editors in dialogs, and the transitions
 * by the rows' flags — coupon archive / unarchive / edit; discount
 * complete / archive / unarchive / edit; grade archive / restore / edit.
 */

const dialogs = {
  coupon: lazyDialog(() => import('./CouponDialog').then((m) => m.CouponDialog)),
  discount: lazyDialog(() => import('./DiscountDialog').then((m) => m.DiscountDialog)),
  grade: lazyDialog(() => import('./GradeDialog').then((m) => m.GradeDialog)),
};

export const couponsResource = defineResource({
  name: 'coupons',
  path: '/coupons',
  title: 'Coupons',
  nouns: ['coupon', 'coupons', 'promo code', 'code'],
  endpoint: 'couponsTable',
  table: COUPONS_TABLE,
  describe: (c: CouponRow) => `coupon ${c.code}`,
  state: (c) => c.status,
  open: (c) => `/coupons/${c.id}`,
  subtitle: (c) => `${c.name} · ${COUPON_STATUS_LABELS[c.status]}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 70 },
    { key: 'name', header: 'Name', hideable: false, width: 190 },
    {
      key: 'code',
      header: 'Code',
      width: 130,
      render: (c) => (
        <Text size="sm" ff="monospace">
          {c.code}
        </Text>
      ),
    },
    {
      key: 'paymentType',
      header: 'Used on',
      width: 130,
      filterUi: { labels: COUPON_PAYMENT_TYPE_LABELS },
      render: (c) => COUPON_PAYMENT_TYPE_LABELS[c.paymentType],
    },
    {
      key: 'bonusAmountCalculationType',
      header: 'Calculation',
      width: 110,
      visible: false,
      filterUi: { labels: COUPON_CALCULATION_TYPE_LABELS },
      render: (c) => COUPON_CALCULATION_TYPE_LABELS[c.bonusAmountCalculationType],
    },
    { key: 'bonusType', header: 'Gives', width: 120, filterUi: { labels: COUPON_BONUS_TYPE_LABELS }, render: (c) => COUPON_BONUS_TYPE_LABELS[c.bonusType] },
    { key: 'validFrom', header: 'Valid from', width: 140, visible: false, render: (c) => (c.validFrom ? <DateTime value={c.validFrom} /> : <Dash />) },
    {
      key: 'validTo',
      header: 'Valid to',
      width: 140,
      render: (c) =>
        c.validTo ? (
          <DateTime value={c.validTo} />
        ) : (
          <Text size="sm" c="dimmed">
            No end
          </Text>
        ),
    },
    {
      key: 'usageLimit',
      header: 'Usage limit',
      width: 110,
      align: 'right',
      visible: false,
      render: (c) =>
        c.usageLimit === null ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          formatNumber(c.usageLimit)
        ),
    },
    { key: 'minAmount', header: 'Min amount', width: 100, align: 'right', visible: false, render: (c) => <Money value={c.minAmount} /> },
    { key: 'bonusAmount', header: 'Amount', width: 90, align: 'right', render: (c) => (c.bonusAmount === null ? <Dash /> : <Money value={c.bonusAmount} />) },
    {
      key: 'bonusPercentage',
      header: 'Percent',
      width: 80,
      align: 'right',
      render: (c) => (c.bonusPercentage === null ? <Dash /> : percentText(c.bonusPercentage)),
    },
    { key: 'affiliate.email', header: 'Referral manager', width: 180, visible: false, render: (c) => <UserLink user={c.affiliate} /> },
    {
      key: 'status',
      header: 'Status',
      width: 100,
      filterUi: { labels: COUPON_STATUS_LABELS },
      render: (c) => <StatusLabel value={c.status} text={COUPON_STATUS_LABELS[c.status]} />,
    },
    { key: 'usagesCount', header: 'Usages', width: 80, align: 'right', visible: false, render: (c) => formatNumber(c.usagesCount) },
    { key: 'createdAt', header: 'Created', width: 140, visible: false, render: (c) => <DateTime value={c.createdAt} /> },
  ],
  defaultFilters: { status: ['active'] },
  rowActions: [
    editAction<CouponRow, 'couponsUpdate', CouponBody>({
      endpoint: 'couponsUpdate',
      flag: 'editable',
      params: (c) => ({ id: c.id }),
      dialog: dialogs.coupon,
      body: (_c, input) => input,
    }),
    archiveAction<CouponRow, 'couponsArchive'>({ endpoint: 'couponsArchive', flag: COUPON_ACTIONS.archive.flag, params: (c) => ({ id: c.id }) }, 'unarchive'),
    {
      ...restoreAction<CouponRow, 'couponsUnarchive'>({ endpoint: 'couponsUnarchive', flag: COUPON_ACTIONS.unarchive.flag, params: (c) => ({ id: c.id }) }),
      id: 'unarchive',
      label: COUPON_ACTIONS.unarchive.label,
      past: COUPON_ACTIONS.unarchive.past,
    },
    {
      id: 'preview',
      label: 'Price preview',
      aliases: ['price'],
      hidden: (c: CouponRow) => c.paymentType !== 'order',
      open: (c: CouponRow) => previewPath({ couponCode: c.code }),
    },
  ],
  collectionActions: [
    createAction<'couponsStore', CouponBody>({
      noun: 'coupon',
      endpoint: 'couponsStore',
      dialog: dialogs.coupon,
      body: (input) => input,
      openCreated: (answer) => `/coupons/${(answer as { coupon: { id: number } }).coupon.id}`,
    }),
  ],
});

export const discountsResource = defineResource({
  name: 'discounts',
  path: '/discounts',
  title: 'Discounts',
  nouns: ['discount', 'discounts', 'sale'],
  endpoint: 'discountsTable',
  table: DISCOUNTS_TABLE,
  describe: (d: DiscountRow) => `discount ${d.name}`,
  state: (d) => d.status,
  open: (d) => `/discounts/${d.id}`,
  subtitle: (d) => `${DISCOUNT_STATUS_LABELS[d.status]} · ${d.services.length} services${d.countries.length ? ` · ${d.countries.join(', ')}` : ''}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 70 },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          <span>{d.name}</span>
          {d.isRunning && (
            <Badge size="xs" variant="light" color="teal">
              Running
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'createdAt', header: 'Created at', width: 150, render: (d) => <DateTime value={d.createdAt} /> },
    { key: 'validFrom', header: 'Valid from', width: 150, render: (d) => <DateTime value={d.validFrom} /> },
    { key: 'validTo', header: 'Valid to', width: 150, render: (d) => <DateTime value={d.validTo} /> },
    // The spec's "hidden status": the status column, kept in the column chooser.
    {
      key: 'status',
      header: 'Status',
      width: 110,
      visible: false,
      filterUi: { labels: DISCOUNT_STATUS_LABELS },
      render: (d) => <StatusLabel value={d.status} text={DISCOUNT_STATUS_LABELS[d.status]} />,
    },
    {
      key: 'scope',
      header: 'Applies to',
      width: 150,
      visible: false,
      filterUi: { labels: DISCOUNT_SCOPE_LABELS },
      render: (d) => (d.countries.length ? d.countries.join(', ') : 'Everyone'),
    },
    { key: 'servicesCount', header: 'Services', width: 90, align: 'right', render: (d) => formatNumber(d.services.length) },
  ],
  rowActions: [
    editAction<DiscountRow, 'discountsUpdate', DiscountBody>({
      endpoint: 'discountsUpdate',
      flag: 'editable',
      params: (d) => ({ discountId: d.id }),
      dialog: dialogs.discount,
      body: (_d, input) => input,
    }),
    {
      id: 'complete',
      label: DISCOUNT_ACTIONS.complete.label,
      past: DISCOUNT_ACTIONS.complete.past,
      flag: DISCOUNT_ACTIONS.complete.flag,
      confirm: { text: (d: DiscountRow) => `Complete discount ${d.name}? It stops applying now.`, undoable: false },
      mutation: { endpoint: 'discountsComplete', params: (d: DiscountRow) => ({ discountId: d.id }) },
    },
    archiveAction<DiscountRow, 'discountsArchive'>(
      {
        endpoint: 'discountsArchive',
        flag: DISCOUNT_ACTIONS.archive.flag,
        params: (d) => ({ discountId: d.id }),
      },
      'unarchive',
    ),
    {
      ...restoreAction<DiscountRow, 'discountsUnarchive'>({
        endpoint: 'discountsUnarchive',
        flag: DISCOUNT_ACTIONS.unarchive.flag,
        params: (d) => ({ discountId: d.id }),
      }),
      id: 'unarchive',
      label: DISCOUNT_ACTIONS.unarchive.label,
      past: DISCOUNT_ACTIONS.unarchive.past,
    },
    {
      id: 'preview',
      label: 'Price preview',
      aliases: ['price'],
      open: (d: DiscountRow) => previewPath({ serviceId: d.services[0]?.id, country: d.countries[0] }),
    },
  ],
  collectionActions: [
    createAction<'discountsStore', DiscountBody>({
      noun: 'discount',
      endpoint: 'discountsStore',
      dialog: dialogs.discount,
      body: (input) => input,
      openCreated: (answer) => `/discounts/${(answer as { discount: { id: number } }).discount.id}`,
    }),
  ],
});

export const gradesResource = defineResource({
  name: 'grades',
  path: '/loyalty-program',
  title: 'Loyalty program',
  nouns: ['grade', 'grades', 'loyalty', 'level'],
  endpoint: 'gradesTable',
  table: GRADES_TABLE,
  describe: (g: GradeRow) => `grade ${g.name}`,
  state: (g) => (g.isArchived ? 'archived' : 'active'),
  open: (g) => `/loyalty-program/${g.id}`,
  subtitle: (g) => `${percentText(g.discountPercent)} from ${formatNumber(Number(g.spendingGoal))} spent`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 70 },
    {
      key: 'name',
      header: 'Name',
      hideable: false,
      render: (g) =>
        g.icon ? (
          <Group gap={6}>
            <Text size="sm">{g.name}</Text>
            <Text size="xs" c="dimmed">
              {g.icon}
            </Text>
          </Group>
        ) : (
          g.name
        ),
    },
    { key: 'spendingGoal', header: 'Spending goal', width: 130, align: 'right', render: (g) => <Money value={g.spendingGoal} /> },
    { key: 'discountPercent', header: 'Discount', width: 100, align: 'right', render: (g) => percentText(g.discountPercent) },
    {
      key: 'thumbnailPeriod',
      header: 'Thumbnail period',
      width: 140,
      align: 'right',
      render: (g) => (g.thumbnailPeriod === null ? <Dash /> : `${g.thumbnailPeriod} days`),
    },
    {
      key: 'consultationChatPeriod',
      header: 'Consultation chat',
      width: 150,
      align: 'right',
      visible: false,
      render: (g) => (g.consultationChatPeriod === null ? <Dash /> : `${g.consultationChatPeriod} days`),
    },
    {
      key: 'availableClosedSales',
      header: 'Closed sales',
      width: 110,
      filterUi: { trueLabel: 'Available', falseLabel: 'Not available' },
      render: (g) => (g.availableClosedSales ? 'Yes' : 'No'),
    },
    {
      key: 'availablePersonalManager',
      header: 'Personal manager',
      width: 140,
      filterUi: { trueLabel: 'Available', falseLabel: 'Not available' },
      render: (g) => (g.availablePersonalManager ? 'Yes' : 'No'),
    },
    {
      key: 'archive',
      header: 'Archive',
      width: 100,
      visible: false,
      filterUi: { labels: GRADE_ARCHIVE_STATE_LABELS },
      render: (g) => (g.isArchived ? 'Archived' : 'Active'),
    },
    {
      key: 'usersCount',
      header: 'Users',
      width: 90,
      align: 'right',
      render: (g) => <AppLink to={`/users?currentGrade.name=${g.id}`}>{formatNumber(g.usersCount)}</AppLink>,
    },
  ],
  defaultFilters: { archive: 'active' },
  rowActions: [
    editAction<GradeRow, 'gradesUpdate', GradeBody>({
      endpoint: 'gradesUpdate',
      flag: 'editable',
      params: (g) => ({ gradeId: g.id }),
      dialog: dialogs.grade,
      body: (_g, input) => input,
    }),
    archiveAction<GradeRow, 'gradesArchive'>({ endpoint: 'gradesArchive', flag: 'archivable', params: (g) => ({ gradeId: g.id }) }),
    restoreAction<GradeRow, 'gradesRestore'>({ endpoint: 'gradesRestore', flag: 'restorable', params: (g) => ({ gradeId: g.id }) }),
    { id: 'preview', label: 'Price preview', aliases: ['price'], open: (g: GradeRow) => previewPath({ gradeId: g.id }) },
  ],
  collectionActions: [
    createAction<'gradesStore', GradeBody>({
      noun: 'grade',
      endpoint: 'gradesStore',
      dialog: dialogs.grade,
      body: (input) => input,
      openCreated: (answer) => `/loyalty-program/${(answer as { grade: { id: number } }).grade.id}`,
    }),
  ],
});
