// Types of english-words.mjs, for the component tests that use it.
/** The words of `text`, lower case. */
export function words(text: string): string[];
/** The words English messages use and Spanish messages never do. */
export function englishOnlyWords(): Set<string>;
/** The English words in `texts`, each with the text it was found in. */
export function englishIn(texts: readonly string[], english?: Set<string>): { word: string; text: string }[];
/** The texts of the interface under `root`, record values and verbatim words left out. */
export function collectScreenTexts(root: Element): string[];
