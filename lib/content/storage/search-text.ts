import stem from 'wink-porter2-stemmer';
import { simplifiedToTaiwan as toTaiwan } from './simplified-to-taiwan';

/**
 * How the site search reads text, the same for what it indexes and what visitors type: normalised
 * (full width to half width and compatibility forms by NFKC, lower case, Simplified to Taiwan
 * Traditional with OpenCC's s2twp tables, one form of each Taiwan variant pair, punctuation dropped),
 * then split into terms: Chinese into words (Intl.Segmenter with Node's ICU dictionary) plus
 * overlapping character pairs, English and other Latin words into Porter2 stems, numbers as they are.
 */

/** Variant pairs written either way in Taiwan: the second of each pair is read as the first. */
const VARIANT_PAIRS =
  '臺台 峰峯 裡裏 著着 線綫 麵麪 眾衆 為爲 偽僞 雞鷄 群羣 啟啓 溫温 污汙 館舘 鉤鈎 脣唇 床牀 況况 册冊';
const variants = new Map<string, string>();
for (const pair of VARIANT_PAIRS.split(' ')) variants.set(pair[1], pair[0]);
// OpenCC's s2twp writes 台 for some words (台風); the variant folding above then makes it 臺.

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' });

/** Text as the index compares it: one form for full/half width, case, Simplified/Traditional, variants. */
export function normalizeText(text: string): string {
  const folded = toTaiwan(text.normalize('NFKC').toLowerCase());
  let out = '';
  for (const c of folded) out += variants.get(c) ?? c;
  // Punctuation and symbols become spaces; letters, digits and marks stay.
  return out.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
}

/**
 * Each character of `text` as normalisation reads it (for marking matches in the original text):
 * the Simplified conversion is done on the whole text, as it depends on the neighbours (托 in 信托).
 */
export function foldedChars(text: string): string[] {
  const chars = [...text];
  const converted = [...toTaiwan(text)];
  const source = converted.length === chars.length ? converted : chars;
  return source.map(foldedChar);
}

/** Characters as normalisation reads each alone, kept: a snippet folds thousands of them. */
const foldedByChar = new Map<string, string>();
const MAX_FOLDED_CHARS = 50_000;

function foldedChar(c: string): string {
  let folded = foldedByChar.get(c);
  if (folded === undefined) {
    folded = normalizeText(c) || ' ';
    if (foldedByChar.size < MAX_FOLDED_CHARS) foldedByChar.set(c, folded);
  }
  return folded;
}

/** The longest term stored; longer words are cut (a 64-character "word" is noise anyway). */
const MAX_TERM_LENGTH = 64;

export const isHan = (word: string) => HAN.test(word);

/** The words of normalised text, as the segmenter splits it (no spaces, no punctuation). */
export function wordsOf(normalized: string): string[] {
  const words: string[] = [];
  for (const part of segmenter.segment(normalized)) {
    if (part.isWordLike) words.push(part.segment.slice(0, MAX_TERM_LENGTH));
  }
  return words;
}

/** A Latin word's index form: its Porter2 stem (trust, trusts, trusted → trust). */
export function stemOf(word: string): string {
  return /^[a-z]+$/.test(word) && word.length > 2 ? stem(word) : word;
}

/** The character pairs of a run of Han characters: 安養信託 → 安養 養信 信託 (a lone character stays one). */
export function pairsOf(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
}

/** The runs of Han characters in normalised text. */
export function hanRuns(normalized: string): string[] {
  return normalized.match(/\p{Script=Han}+/gu) ?? [];
}

/** Every term of a text, for the index: Chinese words and character pairs, stems of other words. */
export function termsOf(text: string): Set<string> {
  const normalized = normalizeText(text);
  const terms = new Set<string>();
  for (const word of wordsOf(normalized)) terms.add(isHan(word) ? word : stemOf(word));
  for (const run of hanRuns(normalized)) for (const pair of pairsOf(run)) terms.add(pair);
  return terms;
}
