/**
 * Words of company names that say nothing about which company ("ltd", "of", "the").
 * One list for both sides: the index leaves them out of the name words, so the query
 * parser drops them too ("infosys ltd", "bank of baroda") instead of charging a search
 * for a word that can never match.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'ltd',
  'limited',
  'the',
  'of',
  'and',
  'co',
  'corp',
  'company',
  'inc',
  'sec',
  'red',
  'ncd',
]);
