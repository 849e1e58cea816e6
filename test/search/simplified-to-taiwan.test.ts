/**
 * The compact Simplified → Taiwan conversion (lib/content/storage/simplified-to-taiwan.ts) answers
 * as opencc-js's own `s2twp` converter does: for every source of its tables, for texts made of
 * several of them with Latin words, digits and a character beyond the Basic Multilingual Plane
 * between, and for the phrases the site search depends on.
 */
import { Converter, Locale } from 'opencc-js/cn2t';
import { simplifiedToTaiwan } from '../../lib/content/storage/simplified-to-taiwan';

type Table = string | readonly (readonly [string, string])[];
const config = (Locale as unknown as { configs: Record<string, Record<string, readonly (readonly Table[])[]>> }).configs
  .s2twp;
const reference = Converter({ from: 'cn', to: 'twp' });

function sources(): string[] {
  const all: string[] = [];
  const groups = [...config.normalizationChain, config.segmentation, ...config.conversionChain] as (readonly Table[])[];
  for (const group of groups)
    for (const table of group)
      for (const entry of typeof table === 'string' ? table.split('|').map((pair) => pair.split(' ')) : table)
        all.push(entry[0]);
  return all;
}

test('converts the phrases the site search relies on as OpenCC does', () => {
  expect(simplifiedToTaiwan('信托业商业同业公会')).toBe('信託業商業同業公會');
  expect(simplifiedToTaiwan('软件与网络')).toBe('軟體與網路');
  expect(simplifiedToTaiwan('Trust 2026')).toBe('Trust 2026');
  expect(simplifiedToTaiwan('')).toBe('');
});

test("gives OpenCC's answer for every source of its tables and for texts made of them", () => {
  const all = sources();
  expect(all.length).toBeGreaterThan(50_000);
  const differ = all.filter((source) => simplifiedToTaiwan(source) !== reference(source));
  expect(differ).toEqual([]);
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const texts: string[] = [];
  for (let k = 0; k < 5_000; k++) {
    let text = '';
    for (let j = 2 + Math.floor(next() * 6); j > 0; j--)
      text += next() < 0.2 ? ' abc 1𠀀' : all[Math.floor(next() * all.length)];
    texts.push(text);
  }
  expect(texts.filter((text) => simplifiedToTaiwan(text) !== reference(text))).toEqual([]);
});
