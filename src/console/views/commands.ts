import type { SavedView } from '../../contract/views';
import type { NavCommand } from '../palette/navigation';
import type { AnyResource } from '../resource/resource';
import { viewHref } from './useSavedViews';

/** Saved views as palette commands: "Orders: Stuck over 24 h" opens the view's address. */
export function savedViewCommands(resources: readonly AnyResource[], views: readonly SavedView[]): NavCommand[] {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const commands: NavCommand[] = [];
  for (const view of views) {
    const resource = byName.get(view.resource);
    if (!resource?.path) continue;
    commands.push({
      id: `saved-view:${view.id}`,
      title: `${resource.title}: ${view.name}`,
      name: view.name,
      href: viewHref(resource.path, view),
      hint: view.shared ? (view.mine ? 'Shared view' : `Shared view · ${view.owner.name}`) : 'My view',
      keywords: `${resource.nouns.join(' ')} view saved`,
    });
  }
  return commands;
}
