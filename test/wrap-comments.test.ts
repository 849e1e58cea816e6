/** The comment rewrapper run by `npm run format` before Prettier: what it reflows, what it leaves alone. */
let wrapComments: typeof import('../scripts/wrap-comments.mjs').wrapComments;
const WIDTH = 120;

beforeAll(async () => {
  ({ wrapComments } = await import('../scripts/wrap-comments.mjs'));
});

const words = (count: number, word = 'word') => Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');
const longest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));
const textOf = (comment: string) =>
  comment
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\*\*?|\*\/|\*|\/\/)\s?/, '').replace(/\s*\*\/$/, ''))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);

describe('wrapComments', () => {
  it('leaves a file without long lines as it is', () => {
    const source = '// short\nconst a = 1; /* also short */\n';
    expect(wrapComments(source)).toBe(source);
  });

  it('reflows a run of line comments within the width, keeping indentation and words', () => {
    const source = `function f() {\n  // ${words(30)}\n  // ${words(5, 'more')}\n  return 1;\n}\n`;
    const out = wrapComments(source);
    expect(longest(out)).toBeLessThanOrEqual(WIDTH);
    const comment = out.split('\n').filter((line) => line.trimStart().startsWith('//'));
    expect(comment.every((line) => line.startsWith('  // '))).toBe(true);
    expect(textOf(comment.join('\n'))).toEqual([...words(30).split(' '), ...words(5, 'more').split(' ')]);
    expect(out).toContain('  return 1;\n}');
  });

  it('turns a long one-line doc comment into a block with the star column', () => {
    const source = `  /** ${words(25)} */\n  value: number;\n`;
    const out = wrapComments(source);
    const lines = out.split('\n');
    expect(lines[0]).toBe('  /**');
    expect(lines.slice(1, -3).every((line) => line.startsWith('   * '))).toBe(true);
    expect(lines.at(-3)).toBe('   */');
    expect(lines.at(-2)).toBe('  value: number;');
    expect(longest(out)).toBeLessThanOrEqual(WIDTH);
    expect(textOf(out.split('\n').slice(0, -3).join('\n'))).toEqual(words(25).split(' '));
  });

  it('reflows only the paragraph with the long line of a block comment', () => {
    const short = ' * A short first paragraph\n * that stays as written.';
    const source = `/**\n${short}\n *\n * ${words(25)}\n * tail of it.\n */\nexport const x = 1;\n`;
    const out = wrapComments(source);
    expect(out.startsWith(`/**\n${short}\n *\n`)).toBe(true);
    expect(longest(out)).toBeLessThanOrEqual(WIDTH);
    expect(out.endsWith(' */\nexport const x = 1;\n')).toBe(true);
  });

  it('never joins list items, tags, tables, fenced code or indented lines', () => {
    const kept = [
      ' * - first item',
      ' * - second item',
      ' * 1. numbered',
      ' * | a | b |',
      ' * ```',
      ` *   const code = ${words(20)};`,
      ' * ```',
      ' *     indented preformatted line',
      ' * @param name what it is',
    ].join('\n');
    const source = `/**\n * ${words(25)}\n${kept}\n */\n`;
    const out = wrapComments(source);
    expect(out).toContain(kept);
    expect(out.split('\n')[1].length).toBeLessThanOrEqual(WIDTH);
  });

  it('wraps a long list item with its continuation indented to the text', () => {
    const source = `// - ${words(25)}\n// - next item\n`;
    const out = wrapComments(source);
    const lines = out.split('\n');
    expect(lines[0].startsWith('// - word0')).toBe(true);
    expect(lines[1].startsWith('//   word')).toBe(true);
    expect(out).toContain('\n// - next item\n');
    expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  });

  it('keeps a code span whole', () => {
    const source = `// ${words(18)} \`a code span with spaces\` ${words(5, 'x')}\n`;
    const out = wrapComments(source);
    expect(out).toMatch(/`a code span with spaces`/);
  });

  it('leaves directives, URLs, trailing comments, strings and JSX text alone', () => {
    const cases = [
      `// eslint-disable-next-line no-console -- ${words(20)}\n`,
      `// prettier-ignore ${words(22)}\n`,
      `// @ts-expect-error ${words(22)}\n`,
      `// see https://example.org/${'a'.repeat(120)}\n`,
      `const a = 1; // ${words(25)}\n`,
      `const s = '// ${words(25)}';\n`,
      `const t = \`/* ${words(25)} */\`;\n`,
      `export const C = () => <p>// ${words(25)}</p>;\n`,
    ];
    for (const source of cases) expect(wrapComments(source, 'case.tsx')).toBe(source);
  });

  it('rewraps a comment inside JSX braces', () => {
    const source = `export const C = () => (\n  <div>\n    {/* ${words(25)} */}\n  </div>\n);\n`;
    const out = wrapComments(source, 'c.tsx');
    expect(longest(out)).toBeLessThanOrEqual(WIDTH);
    expect(out).toContain('    {/*\n');
    expect(out).toContain('     */}\n  </div>');
  });

  it('is idempotent', () => {
    const source = [
      `// ${words(40)}`,
      `/** ${words(30)} */`,
      '/**',
      ` * ${words(25)}`,
      ` * - ${words(25)}`,
      ' */',
      'const x = 1;',
      '',
    ].join('\n');
    const once = wrapComments(source);
    expect(once).not.toBe(source);
    expect(wrapComments(once)).toBe(once);
  });
});
