import type { MouseEvent, ReactNode } from 'react';
import { formatNumber } from '../ui/format';
import { Dash } from '../ui/InlineText';
import textClasses from '../ui/InlineText.module.css';
import { useListEngine } from '../list/engineContext';

/** An empty cell. */
export { Dash };

/** An in-app link that navigates through the engine's router (plain clicks) and stays a real link. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const { navigate } = useListEngine();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    navigate(to);
  };
  // A plain link styled as Mantine's Anchor (lists render one per row); mantine-focus-auto is
  // Mantine's own keyboard focus ring.
  return (
    <a href={to} onClick={onClick} className={`${textClasses.text} ${textClasses.link} mantine-focus-auto`} data-size="sm">
      {children}
    </a>
  );
}

/** A customer's e-mail linking to their profile; a dash when there is none. */
export function UserLink({ user }: { user: { id: number; email: string } | null | undefined }) {
  if (!user) return <Dash />;
  return <AppLink to={`/users/${user.id}`}>{user.email}</AppLink>;
}

/** An id column ('id', 'order.id', 'externalId', 'sourceId'): shown as typed, never as an amount ("5 000"). */
export const isIdKey = (key: string): boolean => /(^|\.)id$|Id$/.test(key);

/** Cell content of a column without its own render: ids as they are, other numbers grouped, booleans as Yes/No. */
export function defaultCell(value: unknown, key = ''): ReactNode {
  if (value === null || value === undefined || value === '') return <Dash />;
  if (typeof value === 'number') return isIdKey(key) ? String(value) : formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
