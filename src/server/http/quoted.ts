/**
 * A peer's text (a provider's error, a receiver's or a relay's answer) carried inside one of our
 * sentences as plain data: NUL and other control characters and unpaired surrogates removed (the
 * database cannot store NUL, and a screen should not get invisible characters), markup tags dropped
 * (the console shows text, and a provider's `<b>` or `<script>` is not ours to pass on), whitespace
 * collapsed, and cut to a sane length with an ellipsis.
 */

/** The longest peer text quoted in a sentence. */
export const QUOTED_CHARS = 200;

/** The text cleaned of what cannot be stored or shown (NUL, controls, lone surrogates); no cut. */
export function storable(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
  );
}

/** The peer's text as plain, short data (no quotes around it). */
export function plainText(text: string, max = QUOTED_CHARS): string {
  const plain = storable(text)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** The peer's text in quotes, as data inside our sentence: `The provider answered: "Not enough funds".` */
export const quoted = (text: string, max = QUOTED_CHARS): string => `"${plainText(text, max).replace(/"/g, "'")}"`;
