/**
 * A browser's name and system from its User-Agent, as people know them ("Chrome (Windows)"), for
 * the sessions list and the new-device e-mail. A short table rather than a full parser: only the
 * family matters here, never the version. The words are the same in both languages.
 * Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** `Chrome (Windows)`, `Safari (iOS)`, `Firefox`, `(Linux)`, or '' when nothing is known. */
export function browserOf(userAgent: string | null | undefined): string {
  const value = userAgent ?? '';
  const browser = first(browsers, value);
  const system = first(systems, value);
  return [browser, system && `(${system})`].filter(Boolean).join(' ');
}
