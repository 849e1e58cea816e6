import { Locale } from 'opencc-js/cn2t';
import { processSlot } from '../../runtime/process-state';

/**
 * OpenCC's Simplified → Taiwan Traditional conversion with Taiwan phrases (`s2twp`), on OpenCC's
 * own tables (opencc-js's `Locale.configs.s2twp`) and its own rules: the normalisation table first,
 * the text cut into the longest phrases the segmentation tables know, then each piece converted by
 * each group of tables in turn, the longest match first, an earlier table of a group before a later one.
 *
 * opencc-js keeps each table as a trie of one Map per character: about 42 MB of heap for this
 * conversion, built once per bundle that loads it (the server's and several of Next.js's), which left too
 * little of the server's 256 MB heap (docs/performance.md, "Memory"). Here a group is one dictionary
 * from each source text to its replacement, plus the longest source that starts with each pair of
 * characters: the same answers in a fraction of the heap (but for ideographic description sequences,
 * ⿰ and the like, which OpenCC steps over whole and this reads character by character), in a few
 * objects the collector marks at once (`Dictionary`).
 */

type Table = string | readonly (readonly [string, string])[];
type Group = readonly Table[];

/** A pair of UTF-16 units as a number below 2^20, for a bit set of the pairs sources start with. */
const pairBit = (first: number, second: number) => (Math.imul(first, 0x9e3779b1) ^ second) >>> 12;

/** A hash of `text`'s UTF-16 units from `start` to `end` (FNV-1a on units), read in place. */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Sources and their replacements, each side concatenated into one string, found through an
 * open-addressed hash table in typed arrays: a handful of objects where Maps of strings held two
 * strings per entry (about 150,000 objects in all) that the collector marked on every full collection.
 */
class Dictionary {
  private readonly sources: string;
  private readonly replacements: string;
  /** Per entry: where its source and its replacement start and end in the two strings. */
  private readonly sourceEnds: Uint32Array;
  private readonly replacementEnds: Uint32Array;
  /** Entry index + 1 per slot, 0 for an empty slot. */
  private readonly slots: Int32Array;

  constructor(entries: Map<string, string>) {
    const sources: string[] = [];
    const replacements: string[] = [];
    this.sourceEnds = new Uint32Array(entries.size + 1);
    this.replacementEnds = new Uint32Array(entries.size + 1);
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(entries.size * 2 + 2)));
    const mask = this.slots.length - 1;
    let index = 0;
    for (const [source, replacement] of entries) {
      sources.push(source);
      replacements.push(replacement);
      this.sourceEnds[index + 1] = this.sourceEnds[index] + source.length;
      this.replacementEnds[index + 1] = this.replacementEnds[index] + replacement.length;
      let slot = hashOf(source, 0, source.length) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = ++index;
    }
    this.sources = sources.join('');
    this.replacements = replacements.join('');
  }

  /** The replacement of `text` from `start` to `end`, or undefined when that is no source. */
  get(text: string, start: number, end: number): string | undefined {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(text, start, end) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      const from = this.sourceEnds[entry - 1];
      if (this.sourceEnds[entry] - from !== end - start) continue;
      let i = 0;
      while (i < end - start && this.sources.charCodeAt(from + i) === text.charCodeAt(start + i)) i++;
      if (i === end - start) {
        return this.replacements.slice(this.replacementEnds[entry - 1], this.replacementEnds[entry]);
      }
    }
    return undefined;
  }
}

class Tables {
  private readonly replacements: Dictionary;
  /** The longest source (in UTF-16 units) that starts with each pair of UTF-16 units, by the pair as text. */
  private readonly longest: Dictionary;
  /**
   * Per UTF-16 unit: 1 when a source of two units or more starts with it, 2 when it is a source on
   * its own; and the pairs the longer sources start with (some others too). Most of a text's
   * characters start no source: these tell so without reading the dictionaries for each.
   */
  private readonly units = new Uint8Array(0x10000);
  private readonly pairs = new Uint32Array(1 << 15);

  constructor(group: Group) {
    const replacements = new Map<string, string>();
    const longest = new Map<string, number>();
    // An earlier table wins over a later one for the same source (OpenCC loads a group last to first).
    for (let i = group.length - 1; i >= 0; i--) {
      const table = group[i];
      const pairs = typeof table === 'string' ? table.split('|').map((entry) => entry.split(' ')) : table;
      for (const [source, replacement] of pairs) {
        if (!source || replacement === undefined) continue;
        replacements.set(source, replacement);
        if (source.length === 1) this.units[source.charCodeAt(0)] |= 2;
        const pair = source.slice(0, 2);
        if (pair.length === 2 && (longest.get(pair) ?? 0) < source.length) {
          longest.set(pair, source.length);
          this.units[source.charCodeAt(0)] |= 1;
          const bit = pairBit(source.charCodeAt(0), source.charCodeAt(1));
          this.pairs[bit >>> 5] |= 1 << (bit & 31);
        }
      }
    }
    this.replacements = new Dictionary(replacements);
    // A length as the one character of that code: sources are far shorter than 0xd800 units.
    this.longest = new Dictionary(new Map([...longest].map(([pair, length]) => [pair, String.fromCharCode(length)])));
  }

  /** The longest source at `start`: where it ends and its replacement; null when none starts there. */
  private match(text: string, start: number): { end: number; replacement: string } | null {
    const unit = this.units[text.charCodeAt(start)];
    if (unit === 0) return null;
    const bit = start + 1 < text.length ? pairBit(text.charCodeAt(start), text.charCodeAt(start + 1)) : -1;
    const longest =
      unit & 1 && bit >= 0 && this.pairs[bit >>> 5] & (1 << (bit & 31))
        ? this.longest.get(text, start, start + 2)?.charCodeAt(0)
        : undefined;
    if (longest !== undefined) {
      for (let end = Math.min(text.length, start + longest); end >= start + 2; end--) {
        const replacement = this.replacements.get(text, start, end);
        if (replacement !== undefined) return { end, replacement };
      }
    }
    // A source of one UTF-16 unit (a character of the Basic Multilingual Plane).
    if (!(unit & 2)) return null;
    const replacement = this.replacements.get(text, start, start + 1);
    return replacement === undefined ? null : { end: start + 1, replacement };
  }

  /** `text` cut into known sources and the runs of text between them. */
  segment(text: string): string[] {
    return this.walk(text, (source) => source);
  }

  /** `text` with every known source replaced, the longest first. */
  convert(text: string): string {
    return this.walk(text, (_, replacement) => replacement).join('');
  }

  private walk(text: string, take: (source: string, replacement: string) => string): string[] {
    const parts: string[] = [];
    let run = -1;
    for (let i = 0; i < text.length;) {
      const found = this.match(text, i);
      if (found) {
        if (run !== -1) parts.push(text.slice(run, i));
        run = -1;
        parts.push(take(text.slice(i, found.end), found.replacement));
        i = found.end;
      } else {
        if (run === -1) run = i;
        i += text.codePointAt(i)! > 0xffff ? 2 : 1;
      }
    }
    if (run !== -1) parts.push(text.slice(run));
    return parts;
  }
}

interface Conversion {
  normalization: Tables[];
  segmentation: Tables;
  conversion: Tables[];
}

function loadConversion(): Conversion {
  const config = (Locale as unknown as { configs: Record<string, Record<string, readonly Group[] | Group>> }).configs
    .s2twp;
  // OpenCC reads a segmentation of text tables as a group, anything else as one table of pairs.
  const cuts = config.segmentation as Group;
  return {
    normalization: (config.normalizationChain as readonly Group[]).map((group) => new Tables(group)),
    segmentation: new Tables(cuts.every((table) => typeof table === 'string') ? cuts : [cuts as unknown as Table]),
    conversion: (config.conversionChain as readonly Group[]).map((group) => new Tables(group)),
  };
}

// One copy per process: the server's bundle and each of Next.js's that loads this share it.
declare module '../../runtime/process-state' {
  interface ProcessSlots {
    simplifiedToTaiwan: Conversion;
  }
}
const { normalization, segmentation, conversion } = processSlot('simplifiedToTaiwan', loadConversion);

/** `text` in Taiwan Traditional Chinese with Taiwan's words, as OpenCC's `s2twp` writes it. */
export function simplifiedToTaiwan(text: string): string {
  const normalized = normalization.reduce((out, tables) => tables.convert(out), text);
  return segmentation
    .segment(normalized)
    .map((piece) => conversion.reduce((out, tables) => tables.convert(out), piece))
    .join('');
}
