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
 * little of the server's 256 MB heap (docs/performance.md, "Memory"). Here a group is one Map from
 * each source text to its replacement, plus the longest source that starts with each pair of
 * characters: the same answers in a fraction of the heap (but for ideographic description sequences,
 * ⿰ and the like, which OpenCC steps over whole and this reads character by character).
 */

type Table = string | readonly (readonly [string, string])[];
type Group = readonly Table[];

/** A pair of UTF-16 units as a number below 2^20, for a bit set of the pairs sources start with. */
const pairBit = (first: number, second: number) => (Math.imul(first, 0x9e3779b1) ^ second) >>> 12;

class Tables {
  private readonly replacements = new Map<string, string>();
  /** The longest source (in UTF-16 units) that starts with each pair of UTF-16 units. */
  private readonly longest = new Map<string, number>();
  /**
   * Per UTF-16 unit: 1 when a source of two units or more starts with it, 2 when it is a source on
   * its own; and the pairs the longer sources start with (some others too). Most of a text's
   * characters start no source: these tell so without cutting a string out of the text for each.
   */
  private readonly units = new Uint8Array(0x10000);
  private readonly pairs = new Uint32Array(1 << 15);

  constructor(group: Group) {
    // An earlier table wins over a later one for the same source (OpenCC loads a group last to first).
    for (let i = group.length - 1; i >= 0; i--) {
      const table = group[i];
      const pairs = typeof table === 'string' ? table.split('|').map((entry) => entry.split(' ')) : table;
      for (const [source, replacement] of pairs) {
        if (!source || replacement === undefined) continue;
        this.replacements.set(source, replacement);
        if (source.length === 1) this.units[source.charCodeAt(0)] |= 2;
        const pair = source.slice(0, 2);
        if (pair.length === 2 && (this.longest.get(pair) ?? 0) < source.length) {
          this.longest.set(pair, source.length);
          this.units[source.charCodeAt(0)] |= 1;
          const bit = pairBit(source.charCodeAt(0), source.charCodeAt(1));
          this.pairs[bit >>> 5] |= 1 << (bit & 31);
        }
      }
    }
  }

  /** The longest source at `start`: where it ends and its replacement; null when none starts there. */
  private match(text: string, start: number): { end: number; replacement: string } | null {
    const unit = this.units[text.charCodeAt(start)];
    if (unit === 0) return null;
    const bit = start + 1 < text.length ? pairBit(text.charCodeAt(start), text.charCodeAt(start + 1)) : -1;
    const longest =
      unit & 1 && bit >= 0 && this.pairs[bit >>> 5] & (1 << (bit & 31))
        ? this.longest.get(text.slice(start, start + 2))
        : undefined;
    if (longest !== undefined) {
      for (let end = Math.min(text.length, start + longest); end >= start + 2; end--) {
        const replacement = this.replacements.get(text.slice(start, end));
        if (replacement !== undefined) return { end, replacement };
      }
    }
    // A source of one UTF-16 unit (a character of the Basic Multilingual Plane).
    if (!(unit & 2)) return null;
    const replacement = this.replacements.get(text[start]);
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
