// Rewraps comments with a line over the width, since Prettier leaves comments as written. Only the paragraphs that
// hold a long line are reflowed; every other comment line stays byte for byte, so a second run changes nothing.
//
// A paragraph ends at a blank comment line and never spans a list item (`- `, `* `, `1. `), a tag line (`@param`),
// a table row, an indented (preformatted) line or a fenced code block; comments with a lint, TypeScript or Prettier
// directive and paragraphs naming a URL are left alone. Words are never split, and a `code span` is one word.
//
// Usage: node scripts/wrap-comments.mjs [--check] [files or folders…] (default: the tracked tree).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const WIDTH = 120;

const EXTENSIONS = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED =
  /(^|\/)(node_modules|\.next|dist|build|out|coverage|data|\.e2e-data|bench-data)\/|(^|\/)lib\/db\/migrations\//;
const DIRECTIVE =
  /(eslint-disable|eslint-enable|eslint-env|@ts-(expect-error|ignore|nocheck|check)|prettier-ignore|istanbul ignore|c8 ignore|webpackChunkName|#__PURE__|@__PURE__|^\/\/\/\s*<reference|\bglobal\s+\w)/;
const URL = /[a-z][a-z0-9+.-]*:\/\/\S/i;
const LIST_ITEM = /^([-*+]|\d+[.)])\s+/;
const TAG = /^@\w/;
const FENCE = /^(```|~~~)/;

/** Column width as ESLint's max-len counts it: code points. */
const width = (text) => [...text].length;

/** The words of a paragraph: runs of non-space, with a `code span` (spaces included) kept whole. */
export function words(text) {
  const out = [];
  let current = '';
  let inCode = false;
  for (const ch of text) {
    if (ch === '`') inCode = !inCode;
    if (!inCode && /\s/.test(ch)) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (current) out.push(current);
  return out;
}

/** Greedy fill: the first line after `firstPrefix`, the rest after `restPrefix`; `suffix` must fit on the last line. */
function fill(tokens, firstPrefix, restPrefix, suffix = '') {
  const lines = [];
  let line = '';
  let prefix = firstPrefix;
  for (const token of tokens) {
    if (line && width(prefix + line + ' ' + token) > WIDTH) {
      lines.push(prefix + line);
      prefix = restPrefix;
      line = token;
    } else line = line ? line + ' ' + token : token;
  }
  if (line && suffix && width(prefix + line + suffix) > WIDTH) {
    // The closing `*/` would overflow: move the last word down with it.
    const split = line.lastIndexOf(' ');
    if (split > 0 && !inCodeSpanAt(line, split)) {
      lines.push(prefix + line.slice(0, split));
      prefix = restPrefix;
      line = line.slice(split + 1);
    }
  }
  lines.push(prefix + line + suffix);
  return lines;
}

function inCodeSpanAt(text, index) {
  return (text.slice(0, index).match(/`/g) ?? []).length % 2 === 1;
}

/**
 * Splits comment lines (their text without the comment markers) into paragraphs. Each entry is a
 * paragraph `{ start, end, kind }` over indexes of `texts`; kind `hard` entries are never reflowed.
 */
export function paragraphs(texts) {
  const out = [];
  let i = 0;
  let inFence = false;
  while (i < texts.length) {
    const text = texts[i];
    const trimmed = text.trim();
    if (FENCE.test(trimmed)) {
      inFence = !inFence;
      out.push({ start: i, end: i + 1, kind: 'hard' });
      i++;
      continue;
    }
    if (inFence || trimmed === '' || trimmed.startsWith('|') || /^\s/.test(text)) {
      out.push({ start: i, end: i + 1, kind: 'hard' });
      i++;
      continue;
    }
    const item = LIST_ITEM.exec(text);
    const tag = TAG.test(text);
    // A list item's continuation lines are indented to its text; a tag's are indented too, or plain.
    const hang = item ? ' '.repeat(item[0].length) : '';
    let end = i + 1;
    while (end < texts.length) {
      const next = texts[end];
      const nextTrimmed = next.trim();
      if (nextTrimmed === '' || FENCE.test(nextTrimmed) || nextTrimmed.startsWith('|') || TAG.test(nextTrimmed)) break;
      if (item) {
        if (!next.startsWith(hang) || /^\s/.test(next.slice(hang.length))) break;
      } else if (/^\s/.test(next) || LIST_ITEM.test(next)) break;
      end++;
    }
    const lines = texts.slice(i, end);
    const keep = lines.some((line) => URL.test(line)) || (tag && /\{/.test(lines.join(' ')));
    out.push({ start: i, end, kind: keep ? 'hard' : item ? 'item' : 'text', hang });
    i = end;
  }
  return out;
}

/**
 * Reflows the long paragraphs of one comment given as lines `{ prefix, text, suffix }`; `rest` is the
 * prefix of a continuation line. Returns the new lines (strings), or null when nothing changes.
 */
function reflow(lines, rest, force = false) {
  const texts = lines.map((line) => line.text);
  let changed = false;
  const out = [];
  for (const para of paragraphs(texts)) {
    const own = lines.slice(para.start, para.end);
    const long = force || own.some((line) => width(line.prefix + line.text + line.suffix) > WIDTH);
    if (para.kind === 'hard' || !long) {
      for (const line of own) out.push(line.prefix + line.text + line.suffix);
      continue;
    }
    const tokens = words(own.map((line) => line.text).join(' '));
    const first = own[0].prefix;
    const last = own[own.length - 1].suffix;
    const filled = fill(tokens, first, rest + (para.hang ?? ''), last);
    out.push(...filled);
    changed = true;
  }
  return changed ? out : null;
}

/**
 * Every comment of a source file, as `{ pos, end, kind }`, found through the parser so strings and JSX text never
 * count.
 */
function commentRanges(text, fileName) {
  const kind = /\.(tsx|jsx)$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.(js|mjs|cjs)$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map();
  const add = (ranges) => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  const visit = (node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}

const lineStart = (text, pos) => text.lastIndexOf('\n', pos - 1) + 1;
const lineEnd = (text, pos) => {
  const end = text.indexOf('\n', pos);
  return end === -1 ? text.length : end;
};

/** The rewrapped source, or the same string when no comment needs it. */
export function wrapComments(text, fileName = 'file.ts') {
  if (!text.split('\n').some((line) => width(line) > WIDTH)) return text;
  const edits = [];
  const ranges = commentRanges(text, fileName);
  // Runs of `//` comments alone on consecutive lines at one indentation are one comment.
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    const start = lineStart(text, range.pos);
    const indent = text.slice(start, range.pos);
    const alone = /^[ \t]*$/.test(indent) && /^[ \t]*$/.test(text.slice(range.end, lineEnd(text, range.end)));
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      if (!alone) continue;
      let j = i;
      while (
        j + 1 < ranges.length &&
        ranges[j + 1].kind === ts.SyntaxKind.SingleLineCommentTrivia &&
        lineStart(text, ranges[j + 1].pos) === lineEnd(text, ranges[j].end) + 1 &&
        text.slice(lineStart(text, ranges[j + 1].pos), ranges[j + 1].pos) === indent &&
        /^[ \t]*$/.test(text.slice(ranges[j + 1].end, lineEnd(text, ranges[j + 1].end)))
      )
        j++;
      const run = ranges.slice(i, j + 1);
      i = j;
      const raw = run.map((r) => text.slice(r.pos, r.end));
      if (!run.some((r) => width(text.slice(lineStart(text, r.pos), lineEnd(text, r.end))) > WIDTH)) continue;
      if (raw.some((r) => DIRECTIVE.test(r) || r.startsWith('///'))) continue;
      const lines = raw.map((r) => {
        const body = r.slice(2);
        const spaced = body.startsWith(' ');
        return { prefix: indent + (spaced ? '// ' : '//'), text: spaced ? body.slice(1) : body, suffix: '' };
      });
      const out = reflow(lines, indent + '// ');
      if (out) edits.push({ from: start, to: run[run.length - 1].end, text: out.join('\n') });
      continue;
    }
    // Block comments: only those that start their line, so the text after `*/` (if any) stays where it is.
    if (!/^[ \t]*(\{)?$/.test(indent)) continue;
    const body = text.slice(range.pos, range.end);
    const tail = text.slice(range.end, lineEnd(text, range.end));
    if (DIRECTIVE.test(body)) continue;
    const lead = indent.replace(/\{$/, '');
    const rawLines = body.split('\n');
    const last = rawLines.length - 1;
    if (!rawLines.some((line, k) => width((k === 0 ? indent : '') + line + (k === last ? tail : '')) > WIDTH)) continue;
    const doc = body.startsWith('/**') ? '/**' : '/*';
    if (rawLines.length === 1) {
      // `/** text */` alone on its line becomes the usual block: `/**`, ` * ` lines, ` */`.
      if (tail.trim() && tail.trim() !== '}') continue;
      const inner = body.slice(doc.length, -2).trim();
      const lines = [{ prefix: lead + ' * ', text: inner, suffix: '' }];
      const out = reflow(lines, lead + ' * ', true);
      if (!out) continue;
      const opening = indent + doc;
      edits.push({ from: start, to: range.end, text: [opening, ...out, lead + ' */'].join('\n') });
      continue;
    }
    if (tail.trim() && tail.trim() !== '}') continue;
    const lines = [];
    let rest = lead + ' * ';
    let ok = true;
    rawLines.forEach((raw, k) => {
      let line = raw;
      let suffix = '';
      if (k === last) {
        // `*/`, the spaces before it and whatever follows on the line stay as they are.
        const close = line.lastIndexOf('*/');
        suffix = line.slice(close) + tail;
        line = line.slice(0, close);
        const spaces = /[ \t]+$/.exec(line);
        if (spaces && line.trim()) {
          suffix = spaces[0] + suffix;
          line = line.slice(0, -spaces[0].length);
        }
      }
      let prefix;
      if (k === 0) {
        const opening = doc + (line.slice(doc.length).startsWith(' ') ? ' ' : '');
        lines.push({ prefix: indent + opening, text: line.slice(opening.length), suffix });
        return;
      }
      if (!line.trim()) {
        prefix = line;
      } else {
        const star = /^([ \t]*\* ?)/.exec(line);
        if (star) {
          prefix = star[1];
          rest = star[1].endsWith(' ') ? star[1] : star[1] + ' ';
        } else {
          // No `*` column: the text keeps the comment's indentation plus three spaces.
          prefix = lead + '   ';
          if (!line.startsWith(prefix)) ok = false;
          rest = prefix;
        }
      }
      lines.push({ prefix, text: line.slice(prefix.length), suffix });
    });
    if (!ok) continue;
    const out = reflow(lines, rest);
    if (out) edits.push({ from: start, to: range.end + tail.length, text: out.join('\n') });
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.from - a.from)) {
    result = result.slice(0, edit.from) + edit.text + result.slice(edit.to);
  }
  return result;
}

function trackedFiles(roots) {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...roots], { encoding: 'utf8' });
  return listed.split('\0').filter((file) => file && EXTENSIONS.test(file) && !SKIPPED.test(file));
}

function main(args) {
  const check = args.includes('--check');
  const roots = args.filter((arg) => arg !== '--check');
  const files = trackedFiles(roots.length ? roots : ['.']);
  const changed = [];
  for (const file of files) {
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    const text = readFileSync(file, 'utf8');
    const wrapped = wrapComments(text, file);
    if (wrapped === text) continue;
    changed.push(file);
    if (!check) writeFileSync(file, wrapped);
  }
  for (const file of changed) console.log(`${check ? 'would rewrap' : 'rewrapped'} ${file}`);
  if (check && changed.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main(process.argv.slice(2));
