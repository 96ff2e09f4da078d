import { matchWord, words as splitWords } from './fuzzy';

/**
 * The palette's command grammar: typed text -> what the member means. Pure and synchronous, so
 * it is tested on its own and runs on every keystroke.
 *
 * The vocabulary comes from the resource declarations (verbs = their row and bulk actions,
 * nouns = their palette words), already filtered by permission, so a forbidden action can never
 * be parsed. Word order is free: "approve order 123", "order 123 approve", "pause orders 1 2 3",
 * "freeze bob@example.com"; small typos ("aprove", "frezee") and unfinished words ("appr") match.
 */

export interface VocabularyAction {
  id: string;
  label: string;
  aliases?: readonly string[];
  /** Offered for one row. */
  row: boolean;
  /** Offered for several rows at once (a bulk action with the same id). */
  bulk: boolean;
}

export interface VocabularyResource {
  name: string;
  /** Singular first, plural second, then aliases. */
  nouns: readonly string[];
  actions: readonly VocabularyAction[];
  lookup: { byId: boolean; byEmail: boolean; search: boolean };
}

export interface Vocabulary {
  resources: readonly VocabularyResource[];
}

interface Phrase {
  words: string[];
  text: string;
}

interface VerbPhrase extends Phrase {
  refs: { resource: string; actionId: string }[];
}

interface NounPhrase extends Phrase {
  resource: string;
  plural: boolean;
}

export interface CompiledVocabulary {
  source: Vocabulary;
  verbs: VerbPhrase[];
  nouns: NounPhrase[];
  byName: Map<string, VocabularyResource>;
}

/** 'cancelAndRefund' / 'change-provider' -> ['cancel', 'and', 'refund'] / ['change', 'provider']. */
const idWords = (id: string): string[] =>
  id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);

export function compileVocabulary(vocabulary: Vocabulary): CompiledVocabulary {
  const verbs = new Map<string, VerbPhrase>();
  const nouns: NounPhrase[] = [];
  const addVerb = (phraseWords: string[], resource: string, actionId: string) => {
    if (phraseWords.length === 0) return;
    const text = phraseWords.join(' ');
    const phrase = verbs.get(text) ?? { words: phraseWords, text, refs: [] };
    if (!phrase.refs.some((r) => r.resource === resource && r.actionId === actionId)) phrase.refs.push({ resource, actionId });
    verbs.set(text, phrase);
  };
  for (const resource of vocabulary.resources) {
    resource.nouns.forEach((noun, index) => {
      const nounWords = splitWords(noun);
      if (nounWords.length > 0) nouns.push({ words: nounWords, text: nounWords.join(' '), resource: resource.name, plural: index === 1 });
    });
    for (const action of resource.actions) {
      addVerb(splitWords(action.label), resource.name, action.id);
      addVerb(idWords(action.id), resource.name, action.id);
      for (const alias of action.aliases ?? []) addVerb(splitWords(alias), resource.name, action.id);
    }
  }
  return {
    source: vocabulary,
    // Longer phrases first: "cancel and return money" is tried before "cancel".
    verbs: [...verbs.values()].sort((a, b) => b.words.length - a.words.length),
    nouns: nouns.sort((a, b) => b.words.length - a.words.length),
    byName: new Map(vocabulary.resources.map((r) => [r.name, r])),
  };
}

export interface VerbMatch {
  phrase: string;
  refs: { resource: string; actionId: string }[];
  quality: number;
}

export interface NounMatch {
  resource: string;
  plural: boolean;
  quality: number;
}

export interface ParsedInput {
  /** Candidate verbs (several when a prefix or typo fits more than one, "a" -> approve, activate). */
  verbs: VerbMatch[];
  nouns: NounMatch[];
  ids: string[];
  emails: string[];
  /** Words that are none of the above (search text). */
  words: string[];
}

/** Words that name the list's selection: "pause selected" is the bulk action before the focused row's. */
const SELECTION_WORDS = new Set(['selected', 'selection', 'all']);
const STOPWORDS = new Set(['and', '&', 'the', 'to', 'with', 'id', 'ids', 'no', 'number', '#', 'for', 'of']);
const ID_RE = /^#?(\d{1,19})$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]*$/;
/** Candidates within this much of the best one are kept. */
const TIE = 0.05;

function tokenize(input: string): string[] {
  return input
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
}

/** How well `phrase` matches the tokens from `start` (0 = not), and how many tokens it takes. */
function matchPhrase(tokens: string[], start: number, phrase: Phrase, typingLast: boolean): { quality: number; length: number } {
  let quality = 1;
  let j = 0;
  for (; j < phrase.words.length; j++) {
    const index = start + j;
    if (index >= tokens.length) {
      // The input ends inside a multi-word phrase ("cancel and re|"): a match while typing.
      if (j === 0 || !typingLast) return { quality: 0, length: 0 };
      quality *= 0.95;
      break;
    }
    const typing = typingLast && index === tokens.length - 1;
    const q = matchWord(tokens[index], phrase.words[j], typing);
    if (q === 0) return { quality: 0, length: 0 };
    quality = Math.min(quality, q);
  }
  return { quality, length: j };
}

interface Best<P> {
  quality: number;
  length: number;
  phrases: P[];
}

/**
 * The phrases that match best at `start`: the best quality (and those within TIE of it), then the
 * longest of those ("cancel and return money" over "cancel" when both fit).
 */
function bestAt<P extends Phrase>(tokens: string[], start: number, phrases: readonly P[], typingLast: boolean): Best<P> {
  const matches: { phrase: P; quality: number; length: number }[] = [];
  let top = 0;
  for (const phrase of phrases) {
    const m = matchPhrase(tokens, start, phrase, typingLast);
    if (m.quality === 0) continue;
    matches.push({ phrase, ...m });
    if (m.quality > top) top = m.quality;
  }
  const good = matches.filter((m) => m.quality >= top - TIE);
  const length = good.reduce((max, m) => Math.max(max, m.length), 0);
  const chosen = good.filter((m) => m.length === length);
  return { quality: chosen.reduce((max, m) => Math.max(max, m.quality), 0), length, phrases: chosen.map((m) => m.phrase) };
}

/** Splits the input into verbs, nouns, ids, e-mails and free words. */
export function parseInput(input: string, vocabulary: CompiledVocabulary): ParsedInput {
  const tokens = tokenize(input);
  const typingLast = !/\s$/.test(input);
  const parsed: ParsedInput = { verbs: [], nouns: [], ids: [], emails: [], words: [] };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    const id = ID_RE.exec(token);
    if (id) {
      if (!parsed.ids.includes(id[1])) parsed.ids.push(id[1]);
      i += 1;
      continue;
    }
    if (EMAIL_RE.test(token)) {
      parsed.emails.push(token);
      i += 1;
      continue;
    }
    const verb = parsed.verbs.length === 0 ? bestAt(tokens, i, vocabulary.verbs, typingLast) : null;
    const noun = parsed.nouns.length === 0 ? bestAt(tokens, i, vocabulary.nouns, typingLast) : null;
    const verbQ = verb?.quality ?? 0;
    const nounQ = noun?.quality ?? 0;
    if (verb && verbQ > 0 && verbQ >= nounQ) {
      parsed.verbs = verb.phrases.map((p) => ({ phrase: p.text, refs: p.refs, quality: verbQ }));
      i += verb.length;
      continue;
    }
    if (noun && nounQ > 0) {
      const seen = new Set<string>();
      for (const p of noun.phrases) {
        if (seen.has(p.resource)) continue;
        seen.add(p.resource);
        parsed.nouns.push({ resource: p.resource, plural: p.plural, quality: nounQ });
      }
      i += noun.length;
      continue;
    }
    if (!STOPWORDS.has(token)) parsed.words.push(token);
    i += 1;
  }
  return parsed;
}

export type IntentTarget =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'email'; email: string }
  /** No id typed: the focused row, or the selection for a bulk action, of the list on screen. */
  | { kind: 'context' };

export interface ActionIntent {
  kind: 'action';
  resource: string;
  actionId: string;
  bulk: boolean;
  target: IntentTarget;
  quality: number;
  /** The resource was named ("approve order 5"), not guessed from an id alone ("approve 5"). */
  named: boolean;
  /** Free words left over ("cancel order 55 duplicate" -> ['duplicate']). */
  rest: string[];
}

export interface LookupIntent {
  kind: 'lookup';
  resource: string;
  by: 'id' | 'email' | 'search';
  value: string;
  quality: number;
}

export type Intent = ActionIntent | LookupIntent;

/** At most this many single-row commands are offered for ids typed with a one-row action. */
export const MAX_ROW_INTENTS_PER_ACTION = 10;

/** What the parsed input asks for, best first; resources keep their declaration order on ties. */
export function interpret(parsed: ParsedInput, vocabulary: CompiledVocabulary): Intent[] {
  const intents: Intent[] = [];
  const order = vocabulary.source.resources.map((r) => r.name);
  const named = new Set(parsed.nouns.map((n) => n.resource));
  const considered = (resource: string) => named.size === 0 || named.has(resource);
  const nounQuality = (resource: string) => parsed.nouns.find((n) => n.resource === resource)?.quality ?? 0.9;
  const pluralNoun = (resource: string) => parsed.nouns.some((n) => n.resource === resource && n.plural);

  for (const verb of parsed.verbs) {
    for (const ref of verb.refs) {
      if (!considered(ref.resource)) continue;
      const resource = vocabulary.byName.get(ref.resource);
      const action = resource?.actions.find((a) => a.id === ref.actionId);
      if (!resource || !action) continue;
      const quality = verb.quality * nounQuality(ref.resource);
      const base = { kind: 'action' as const, resource: ref.resource, actionId: ref.actionId, named: named.has(ref.resource), rest: parsed.words };
      if (parsed.ids.length > 1) {
        if (action.bulk) intents.push({ ...base, bulk: true, target: { kind: 'ids', ids: parsed.ids }, quality });
        else if (action.row) {
          for (const id of parsed.ids.slice(0, MAX_ROW_INTENTS_PER_ACTION)) {
            intents.push({ ...base, bulk: false, target: { kind: 'ids', ids: [id] }, quality: quality * 0.95 });
          }
        }
      } else if (parsed.ids.length === 1) {
        if (action.row) intents.push({ ...base, bulk: false, target: { kind: 'ids', ids: parsed.ids }, quality });
        else if (action.bulk) intents.push({ ...base, bulk: true, target: { kind: 'ids', ids: parsed.ids }, quality });
      } else if (parsed.emails.length > 0) {
        if (resource.lookup.byEmail && action.row) {
          for (const email of parsed.emails) intents.push({ ...base, bulk: false, target: { kind: 'email', email }, quality });
        }
      } else {
        // "pause orders" / "pause selected": the selection; "approve" / "approve order": the focused row.
        const bulk = action.bulk && (pluralNoun(ref.resource) || !action.row || parsed.words.some((w) => SELECTION_WORDS.has(w)));
        intents.push({ ...base, bulk, target: { kind: 'context' }, quality: quality * 0.9 });
        if (action.bulk && action.row && !bulk) intents.push({ ...base, bulk: true, target: { kind: 'context' }, quality: quality * 0.85 });
      }
    }
  }

  if (parsed.verbs.length === 0) {
    for (const resource of vocabulary.source.resources) {
      if (!considered(resource.name)) continue;
      const q = named.size > 0 ? nounQuality(resource.name) : 0.8;
      if (resource.lookup.byId) for (const id of parsed.ids) intents.push({ kind: 'lookup', resource: resource.name, by: 'id', value: id, quality: q });
      if (resource.lookup.byEmail) {
        for (const email of parsed.emails) intents.push({ kind: 'lookup', resource: resource.name, by: 'email', value: email, quality: q });
      }
      const text = [...parsed.words, ...(resource.lookup.byEmail ? [] : parsed.emails)].join(' ');
      if (resource.lookup.search && text.length >= 3 && parsed.ids.length === 0) {
        intents.push({ kind: 'lookup', resource: resource.name, by: 'search', value: text, quality: q * 0.8 });
      }
    }
  }

  const rank = (name: string) => order.indexOf(name);
  return intents
    .map((intent, index) => ({ intent, index }))
    .sort((a, b) => b.intent.quality - a.intent.quality || rank(a.intent.resource) - rank(b.intent.resource) || a.index - b.index)
    .map((x) => x.intent);
}

/** parseInput + interpret. */
export const understand = (input: string, vocabulary: CompiledVocabulary): Intent[] => interpret(parseInput(input, vocabulary), vocabulary);
