import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Staff members as select options (up to 1,000 by name: a panel's staff is small). */
export function useStaffOptions(): { value: string; label: string }[] {
  const staff = useQuery({
    queryKey: ['staff', 'options'],
    queryFn: ({ signal }) =>
      api('staffTable', {
        query: { q: JSON.stringify({ options: { page: 1, itemsPerPage: 1000, sortBy: ['name'], sortDesc: [false] } }) } as never,
        signal,
      }),
    staleTime: 60_000,
  });
  return (staff.data?.items ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.email})` }));
}

/** Roles as select options. */
export function useRoleOptions(): { value: string; label: string }[] {
  const matrix = useQuery({ queryKey: ['roles', 'matrix'], queryFn: ({ signal }) => api('rolesMatrix', { signal }), staleTime: 30_000 });
  return (matrix.data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.name }));
}
