import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FilterOption } from '../../resource/filters';

/**
 * Filter options of the three logs from their collections endpoints (the values are open lists:
 * every area adds its own events and action types). Fetched once a minute at most.
 */

const NONE: readonly FilterOption[] = [];
const STALE = 60_000;

const useAuditCollections = () =>
  useQuery({ queryKey: ['logs', 'audit-collections'], queryFn: ({ signal }) => api('auditsCollections', { signal }), staleTime: STALE });
const useChangeLogCollections = () =>
  useQuery({ queryKey: ['logs', 'change-log-collections'], queryFn: ({ signal }) => api('changeLogsCollections', { signal }), staleTime: STALE });
const useServiceLogCollections = () =>
  useQuery({ queryKey: ['logs', 'service-log-collections'], queryFn: ({ signal }) => api('serviceLogsCollections', { signal }), staleTime: STALE });

const staffOptions = (staff: { id: number; name: string; email: string }[] | undefined): readonly FilterOption[] =>
  staff?.map((s) => ({ value: String(s.id), label: s.name ? `${s.name} (${s.email})` : s.email })) ?? NONE;

export const useAuditStaffOptions = () => staffOptions(useAuditCollections().data?.staff);
export const useAuditEventOptions = () => useAuditCollections().data?.events ?? NONE;
export const useAuditTypeOptions = () => useAuditCollections().data?.auditableTypes ?? NONE;

export const useChangeLogStaffOptions = () => staffOptions(useChangeLogCollections().data?.staff);
export const useChangeLogTypeOptions = () => useChangeLogCollections().data?.types ?? NONE;
export const useChangeLogActionOptions = () => useChangeLogCollections().data?.actionTypes ?? NONE;

export const useServiceLogTypeOptions = () => useServiceLogCollections().data?.types ?? NONE;
export const useServiceLogActionOptions = () => useServiceLogCollections().data?.actionTypes ?? NONE;
export const useServiceLogModelOptions = () => useServiceLogCollections().data?.modelTypes ?? NONE;
