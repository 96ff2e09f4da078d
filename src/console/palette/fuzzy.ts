/**
 * Word matching for the palette: exact, prefix (the word being typed) and small typos.
 * Kept allocation-free on the hot path: every keystroke scores thousands of commands.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped at `max + 1`. */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  // Three rolling rows are enough for OSA.
  let prevPrev = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let current = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, prevPrev[j - 2] + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return prev[lb];
}

/** Typos tolerated in a word of this length: none under 4 letters, one up to 7, two beyond. */
export const allowedTypos = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

export const MATCH_EXACT = 1;
export const MATCH_PREFIX = 0.9;
export const MATCH_TYPO = 0.75;
export const MATCH_TYPO_PREFIX = 0.65;
/** An abbreviation in the middle of the input ("appr order 12"). */
export const MATCH_ABBREVIATION = 0.85;

/**
 * How well a typed token matches a vocabulary word (0: not at all). `typing` marks the last token
 * of the input, which may still be incomplete, so a prefix counts.
 */
export function matchWord(token: string, word: string, typing: boolean): number {
  if (token === word) return MATCH_EXACT;
  if (typing && token.length > 0 && word.startsWith(token)) return MATCH_PREFIX;
  if (token.length >= 3 && word.startsWith(token)) return MATCH_ABBREVIATION;
  const typos = allowedTypos(word.length);
  // Typos keep the first letter: "deactivate" is not a misspelt "activate".
  if (typos > 0 && token.length >= 3 && token.charCodeAt(0) === word.charCodeAt(0)) {
    if (typoDistance(token, word, typos) <= typos) return MATCH_TYPO;
    // A typo inside the part typed so far ("aprov" for "approve").
    if (typing && token.length >= 4 && token.length < word.length) {
      const head = word.slice(0, token.length);
      if (typoDistance(token, head, 1) <= 1) return MATCH_TYPO_PREFIX;
    }
  }
  return 0;
}

/** Splits text into lower-case words (letters, digits, '@', '.', '_' and '-' kept together). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .filter((w) => w.length > 0);
}

/**
 * A command's searchable text, prepared once: its words, and the whole lower-case text for
 * substring hits.
 */
export interface Haystack {
  text: string;
  words: string[];
}

export const haystack = (...parts: (string | undefined)[]): Haystack => {
  const text = parts.filter(Boolean).join(' ').toLowerCase();
  return { text, words: words(text) };
};

/**
 * Scores a command's text against the typed tokens: every token must match one of its words
 * (exactly, as a prefix, or with a small typo). Earlier and exact hits score higher. 0 = no match.
 */
export function scoreHaystack(tokens: readonly string[], target: Haystack): number {
  if (tokens.length === 0) return 1;
  let total = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    let best = 0;
    let bestIndex = 0;
    for (let w = 0; w < target.words.length; w++) {
      const word = target.words[w];
      // Every word of a command may still be typed: a prefix counts for any token.
      const score = matchWord(token, word, true);
      if (score > best) {
        best = score;
        bestIndex = w;
        if (score === MATCH_EXACT) break;
      }
    }
    if (best === 0) {
      if (token.length >= 3 && target.text.includes(token)) best = 0.5;
      else return 0;
    }
    // Matches near the start of the command weigh a little more ("orders…" before "…orders").
    total += best - bestIndex * 0.01;
  }
  return total / tokens.length;
}
