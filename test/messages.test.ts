import tw from '../messages/tw';
import en from '../messages/en';

/** Every key path of a message tree, e.g. `site.skipToContent`. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('interface messages', () => {
  it('has the same keys in Chinese and English', () => {
    expect(keys(en).sort()).toEqual(keys(tw).sort());
  });

  it('has no empty message', () => {
    const empty = [...keys(tw).map((k) => ['tw', k]), ...keys(en).map((k) => ['en', k])].filter(([language, key]) => {
      let node: unknown = language === 'tw' ? tw : en;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return typeof node === 'string' && node.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
