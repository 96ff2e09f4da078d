import type { AnyResource } from '../../src/console/resource/resource';
import { statusViewCommands, type NavCommand } from '../../src/console/palette/navigation';

/**
 * The navigation commands of a large panel, for the palette benchmark: the real screens and
 * status views of the registered lists, filled up to `total` with saved order views, services,
 * providers and users of realistic wording. Deterministic, so every run types against the same list.
 */

/** A small seeded generator (mulberry32): the same list on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'Telegram', 'Facebook', 'Twitter', 'Spotify', 'Twitch', 'LinkedIn', 'Threads'];
const KINDS = ['followers', 'likes', 'views', 'comments', 'shares', 'subscribers', 'saves', 'story views', 'reel plays', 'members', 'plays', 'reposts'];
const QUALITIES = ['HQ', 'real', 'fast', 'drip', 'premium', 'targeted', 'no refill', 'refill 30 days', 'lifetime refill'];
const PROVIDER_WORDS = [
  'SMM',
  'Smart',
  'Small',
  'Social',
  'Boost',
  'Prime',
  'Peak',
  'Just',
  'Panel',
  'Growth',
  'Media',
  'King',
  'Hub',
  'Fast',
  'Star',
  'Rocket',
];
const FIRST_NAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'maya',
];
const LAST_NAMES = ['smith', 'jones', 'brown', 'taylor', 'wilson', 'davies', 'evans', 'thomas', 'roberts', 'walker', 'wright', 'green'];
const DOMAINS = ['example.com', 'mail.test', 'panel.example', 'shop.example'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** The app's own screens: Home, every list, and each list's status views. */
function realScreens(resources: readonly AnyResource[]): NavCommand[] {
  const commands: NavCommand[] = [{ id: 'home', title: 'Home', href: '/', hint: 'Dashboard', keywords: 'dashboard start' }];
  for (const resource of resources) {
    if (resource.path)
      commands.push({ id: `nav:${resource.path}`, title: resource.title, href: resource.path, hint: 'Operations', keywords: resource.nouns.join(' ') });
  }
  return [...commands, ...statusViewCommands(resources, () => true)];
}

export function generateNavCommands(resources: readonly AnyResource[], total: number): NavCommand[] {
  const random = seeded(20_240_611);
  const commands = realScreens(resources);
  const orders = resources.find((r) => r.name === 'orders');
  const statusFilter = orders?.columns.find((c) => c.key === 'status')?.filter;
  const statuses = statusFilter && 'options' in statusFilter && statusFilter.options ? statusFilter.options : [{ value: 'in_progress', label: 'In progress' }];
  let n = 0;
  while (commands.length < total) {
    n += 1;
    switch (n % 4) {
      case 0: {
        const status = pick(random, statuses);
        commands.push({
          id: `saved:orders:${n}`,
          title: `Orders — ${status.label} ${n}`,
          href: `/orders?status=${encodeURIComponent(status.value)}&view=${n}`,
          hint: 'Saved view',
          keywords: `orders order ${status.value.replace(/_/g, ' ')}`,
        });
        break;
      }
      case 1: {
        const name = `${pick(random, PLATFORMS)} ${pick(random, KINDS)} ${pick(random, QUALITIES)}`;
        commands.push({
          id: `service:${n}`,
          title: `Service ${name} #${n}`,
          href: `/services/${n}`,
          hint: 'Service',
          keywords: `services ${name.toLowerCase()}`,
        });
        break;
      }
      case 2: {
        const name = `${pick(random, PROVIDER_WORDS)}${pick(random, PROVIDER_WORDS)} ${Math.floor(random() * 90) + 10}`;
        commands.push({
          id: `provider:${n}`,
          title: `Provider ${name}`,
          href: `/providers/${n}`,
          hint: 'Provider',
          keywords: `providers ${name.toLowerCase()}`,
        });
        break;
      }
      default: {
        const email = `${pick(random, FIRST_NAMES)}.${pick(random, LAST_NAMES)}${Math.floor(random() * 1000)}@${pick(random, DOMAINS)}`;
        commands.push({
          id: `user:${n}`,
          title: `User ${email}`,
          href: `/users?search=${encodeURIComponent(email)}`,
          hint: 'User',
          keywords: 'users customer',
        });
      }
    }
  }
  return commands.slice(0, total);
}
