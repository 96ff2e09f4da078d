import type { Permission } from '../../contract/permissions';
import { mayRun, meets } from '../actions/permission';
import type { AnyResource } from '../resource/resource';
import { compileVocabulary, type CompiledVocabulary, type VocabularyAction } from './grammar';

/**
 * The grammar's vocabulary, read from the resource declarations: nouns, and the row and bulk
 * actions the member has the permission for (a forbidden action is never even parsed).
 */
export function buildVocabulary(resources: readonly AnyResource[], can: (permission: Permission) => boolean): CompiledVocabulary {
  return compileVocabulary({
    resources: resources
      .filter((resource) => meets(resource.permission, can))
      .map((resource) => {
        const actions = new Map<string, VocabularyAction>();
        for (const action of resource.rowActions) {
          if (!mayRun(action, can)) continue;
          actions.set(action.id, { id: action.id, label: action.label, aliases: action.aliases, row: true, bulk: false });
        }
        for (const action of resource.bulkActions) {
          if (!mayRun(action, can)) continue;
          const existing = actions.get(action.id);
          if (existing) existing.bulk = true;
          else actions.set(action.id, { id: action.id, label: action.label, aliases: action.aliases, row: false, bulk: true });
        }
        return {
          name: resource.name,
          nouns: resource.nouns,
          actions: [...actions.values()],
          lookup: {
            byId: resource.lookup?.byId ?? resource.open !== undefined,
            byEmail: resource.lookup?.email !== undefined,
            search: resource.lookup?.search ?? false,
          },
        };
      }),
  });
}
