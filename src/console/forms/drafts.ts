import { onLogout } from '../session/lifecycle';

/**
 * Unsaved form values kept in localStorage per member and per form (`coupon:new`, `coupon:12`), so a
 * half-filled form survives an accidental close or a reload. One member never sees another's
 * drafts, and a logout forgets them all. Values go through JSON: dates come back as strings and
 * files are not kept.
 */
export interface DraftLocation {
  staffId: string | number;
  key: string;
}

export interface StoredDraft<Values = unknown> {
  /** When the draft was written (ms). */
  savedAt: number;
  /** The record's values the edits started from: tells whether the record changed since. */
  base: Values;
  values: Values;
}

const PREFIX = 'panel-console:form-draft';
/** A draft older than this is a forgotten one, not an interrupted one. */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

const storageKey = ({ staffId, key }: DraftLocation) => `${PREFIX}:${staffId}:${key}`;

export function readDraft<Values>(where: DraftLocation): StoredDraft<Values> | null {
  try {
    const raw = localStorage.getItem(storageKey(where));
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<Values>;
    if (typeof draft?.savedAt !== 'number' || Date.now() - draft.savedAt > DRAFT_MAX_AGE_MS) {
      removeDraft(where);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft<Values>(where: DraftLocation, draft: StoredDraft<Values>): void {
  try {
    localStorage.setItem(storageKey(where), JSON.stringify(draft));
  } catch {
    // A full or blocked storage only costs the draft; the form keeps working.
  }
}

export function removeDraft(where: DraftLocation): void {
  try {
    localStorage.removeItem(storageKey(where));
  } catch {
    // Nothing stored then.
  }
}

/** Forgets every draft of a member. */
export function clearDrafts(staffId: string | number): void {
  try {
    const prefix = `${PREFIX}:${staffId}:`;
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => !!k?.startsWith(prefix));
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Nothing stored then.
  }
}

/** Called once by the app at start: a logout forgets the member's drafts. Returns the unsubscribe. */
export function forgetDraftsOnLogout(): () => void {
  return onLogout(({ userId }) => {
    if (userId != null) clearDrafts(userId);
  });
}
