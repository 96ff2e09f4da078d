import type { StaffContext } from '../deps';

/**
 * Who may subscribe to which private channel, as data: the first rule whose pattern matches the
 * channel name decides; a channel no rule matches is denied. The signed-in member reaches these
 * rules only after `authenticate`, so "any active staff member" means any member it accepted.
 */
export interface ChannelRule {
  pattern: RegExp;
  description: string;
  allows(staff: StaffContext, match: RegExpExecArray): boolean;
}

export const CHANNEL_RULES: readonly ChannelRule[] = [
  {
    pattern: /^private-admin\.counters$/,
    description: 'Live counters: every active staff member',
    allows: () => true,
  },
  {
    pattern: /^private-staff\.(\d+)$/,
    description: "A member's own channel: only that member",
    allows: (staff, match) => staff.id === Number(match[1]),
  },
];

export function mayJoinChannel(staff: StaffContext, channel: string, rules: readonly ChannelRule[] = CHANNEL_RULES): boolean {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (match) return rule.allows(staff, match);
  }
  return false;
}
