const WORDS = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** A count as the pages' sentences say it: "ten" up to twelve, digits beyond. */
export function countWord(n: number, capital = false): string {
  const word = WORDS[n] ?? String(n);
  return capital ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * A page's words with "{count}" as the number of things it lists (app/content/page-words.ts):
 * capitalised where it starts a sentence, "Five values shape…", else "Here are ten small habits…".
 */
export function withCount(words: string, n: number): string {
  return words.replace(/\{count\}/g, (_token, at: number) =>
    countWord(n, at === 0 || /[.!?]\s+$/.test(words.slice(0, at))),
  );
}

/** Page words with each "{name}" in braces as `values` gives it (app/content/fields.ts wordsWith). */
export function fillIn(words: string, values: Record<string, string>): string {
  return words.replace(/\{([^{}]*)\}/g, (token, name: string) => values[name] ?? token);
}
