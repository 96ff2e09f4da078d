import { Badge, Code, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUDITS_TABLE, CHANGE_LOGS_TABLE, recordTypeLabel, SERVICE_LOGS_TABLE } from '../../../contract/logs/columns';
import type { AuditRow, ChangeLogRow, ServiceLogRow } from '../../../contract/logs';
import { defineCollectionAction } from '../../resource/actions';
import { recordName, recordPath } from '../../history/recordLinks';
import { ValuesDiff } from '../../history/ValuesDiff';
import { AppLink, Dash } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { humanize } from '../../ui/format';
import {
  useAuditEventOptions,
  useAuditStaffOptions,
  useAuditTypeOptions,
  useChangeLogActionOptions,
  useChangeLogStaffOptions,
  useChangeLogTypeOptions,
  useServiceLogActionOptions,
  useServiceLogModelOptions,
  useServiceLogTypeOptions,
} from './collections';

/**
 * The audit log, the change logs and the service logs (docs/free-trials-logs.md). Read-only lists, newest first; every filter lives in the URL,
 * so a filtered view is shared by its link ("Copy link" puts it on the clipboard).
 */

function RecordLink({ type, id }: { type: string; id: number | null }) {
  const path = recordPath(type, id);
  const name = recordName(type, id);
  return path ? <AppLink to={path}>{name}</AppLink> : <Text size="sm">{name}</Text>;
}

function StaffCell({ user }: { user: { id: number; name: string; email: string } | null }) {
  if (!user) {
    return (
      <Text component="span" size="sm" c="dimmed">
        System
      </Text>
    );
  }
  return (
    <Tooltip label={user.email} openDelay={100}>
      <Text component="span" size="sm">
        {user.name || user.email}
      </Text>
    </Tooltip>
  );
}

function RawValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Dash />;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text.length > 200 ? `${text.slice(0, 200)}…` : text}
    </Code>
  );
}

const copyLink = defineCollectionAction({
  id: 'copyLink',
  label: 'Copy link',
  aliases: ['share', 'link', 'url'],
  shortcut: 'c',
  mutation: async () => {
    const link = window.location.href;
    try {
      await navigator.clipboard.writeText(link);
      return 'copied';
    } catch {
      // Without clipboard access (an insecure origin), show the link to copy by hand.
      notifications.show({ title: 'Copy this link', message: link, autoClose: false });
      return 'shown';
    }
  },
  success: (answer) => (answer === 'copied' ? 'Link to this view copied.' : 'The link is shown to copy.'),
});

export const auditsResource = defineResource({
  name: 'audits',
  path: '/audit-log',
  title: 'Audit log',
  nouns: ['audit entry', 'audit log', 'audit', 'audits'],
  endpoint: 'auditsTable',
  table: AUDITS_TABLE,
  describe: (a: AuditRow) => `audit entry ${a.id}`,
  defaultSort: { key: 'createdAt', desc: true },
  searchPlaceholder: 'Entry id or record id',
  columns: [
    { key: 'id', header: 'ID', width: 90, visible: false },
    { key: 'createdAt', header: 'When', hideable: false, render: (a) => <DateTime value={a.createdAt} /> },
    { key: 'user', header: 'Staff member', width: 140, filterUi: { useOptions: useAuditStaffOptions }, render: (a) => <StaffCell user={a.user} /> },
    {
      key: 'event',
      header: 'Event',
      filterUi: { useOptions: useAuditEventOptions },
      render: (a) => (
        <Badge variant="light" size="sm">
          {humanize(a.event)}
        </Badge>
      ),
    },
    { key: 'auditableType', header: 'Record type', width: 120, filterUi: { useOptions: useAuditTypeOptions }, render: (a) => recordTypeLabel(a.auditableType) },
    { key: 'auditableId', header: 'Record', filterUi: { placeholder: 'Record id' }, render: (a) => <RecordLink type={a.auditableType} id={a.auditableId} /> },
    {
      key: 'newValues',
      header: 'Changes',
      width: 320,
      render: (a) => <ValuesDiff oldValues={a.oldValues} newValues={a.newValues} label={`Changes of audit entry ${a.id}`} />,
    },
    { key: 'oldValues', header: 'Old values (raw)', visible: false, render: (a) => <RawValue value={a.oldValues} /> },
    { key: 'ipAddress', header: 'IP address', width: 130, render: (a) => a.ipAddress ?? <Dash /> },
    {
      key: 'userAgent',
      header: 'User agent',
      visible: false,
      render: (a) =>
        a.userAgent ? (
          <Text size="xs" lineClamp={2}>
            {a.userAgent}
          </Text>
        ) : (
          <Dash />
        ),
    },
  ],
  collectionActions: [copyLink],
});

export const changeLogsResource = defineResource({
  name: 'change-logs',
  path: '/change-logs',
  title: 'Change logs',
  nouns: ['change log', 'change logs', 'changes', 'log'],
  endpoint: 'changeLogsTable',
  table: CHANGE_LOGS_TABLE,
  describe: (c: ChangeLogRow) => `change log ${c.id}`,
  defaultSort: { key: 'createdAt', desc: true },
  searchPlaceholder: 'Entry id or target id',
  columns: [
    { key: 'id', header: 'ID', width: 90 },
    { key: 'createdAt', header: 'When', hideable: false, render: (c) => <DateTime value={c.createdAt} /> },
    {
      key: 'actionType',
      header: 'Action',
      filterUi: { useOptions: useChangeLogActionOptions },
      render: (c) => (
        <Badge variant="light" size="sm" color="teal">
          {humanize(c.actionType)}
        </Badge>
      ),
    },
    { key: 'type', header: 'Type', width: 140, filterUi: { useOptions: useChangeLogTypeOptions }, render: (c) => c.target.modelType.fullName },
    { key: 'target', header: 'Target', filterUi: { placeholder: 'Target id' }, render: (c) => <RecordLink type={c.type} id={c.target.id} /> },
    {
      key: 'information',
      header: 'Information',
      width: 360,
      render: (c) => (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {typeof c.information === 'string' ? c.information : c.information == null ? '' : JSON.stringify(c.information)}
        </Text>
      ),
    },
    { key: 'user', header: 'Staff member', width: 160, filterUi: { useOptions: useChangeLogStaffOptions }, render: (c) => <StaffCell user={c.user} /> },
  ],
  collectionActions: [copyLink],
});

export const serviceLogsResource = defineResource({
  name: 'service-logs',
  path: '/service-logs',
  title: 'Service logs',
  nouns: ['service log', 'service logs', 'system log'],
  endpoint: 'serviceLogsTable',
  table: SERVICE_LOGS_TABLE,
  describe: (l: ServiceLogRow) => `service log ${l.id}`,
  defaultSort: { key: 'createdAt', desc: true },
  columns: [
    { key: 'id', header: 'ID', width: 90 },
    { key: 'createdAt', header: 'When', hideable: false, render: (l) => <DateTime value={l.createdAt} /> },
    { key: 'information', header: 'Information', width: 300 },
    { key: 'modelType', header: 'Model type', filterUi: { useOptions: useServiceLogModelOptions }, render: (l) => recordTypeLabel(l.modelType) },
    { key: 'modelId', header: 'Model', filterUi: { placeholder: 'Model id' }, render: (l) => <RecordLink type={l.modelType} id={l.modelId} /> },
    { key: 'type', header: 'Type', filterUi: { useOptions: useServiceLogTypeOptions }, render: (l) => humanize(l.type) },
    { key: 'actionType', header: 'Action', filterUi: { useOptions: useServiceLogActionOptions }, render: (l) => humanize(l.actionType) },
    { key: 'oldValue', header: 'Old value', render: (l) => <RawValue value={l.oldValue} /> },
    { key: 'newValue', header: 'New value', render: (l) => <RawValue value={l.newValue} /> },
  ],
  collectionActions: [copyLink],
});
