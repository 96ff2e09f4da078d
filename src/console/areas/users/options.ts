import { useQuery } from '@tanstack/react-query';
import { useListEngine } from '../../list/engineContext';
import type { FilterOption } from '../../resource/filters';
import { availableSellersQueryOptions, gradesAvailableQueryOptions } from './queries';

const NONE: readonly FilterOption[] = [];

/** Grade filter options (value: grade id), fetched only for members who may see grades. */
export function useGradeOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const query = useQuery({ ...gradesAvailableQueryOptions(), enabled: can('viewGrades') || can('manageGrades') });
  return query.data?.map((g) => ({ value: String(g.id), label: g.name })) ?? NONE;
}

/** Manager filter options (value: staff id). */
export function useSellerOptions(): readonly FilterOption[] {
  const query = useQuery(availableSellersQueryOptions());
  return query.data?.map((s) => ({ value: String(s.id), label: s.email })) ?? NONE;
}
