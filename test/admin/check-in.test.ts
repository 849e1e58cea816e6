/**
 * The check-in screen's camera path (components/admin/CheckInScreen.tsx): what a QR code read by
 * `BarcodeDetector` becomes. The browser test (e2e/registration.spec.ts) drives the screen with a
 * stand-in reader, as headless Chromium has no camera and no `BarcodeDetector` of its own.
 */
import { codeFromScan, scanReader } from '../../lib/admin/check-in';

describe('codeFromScan', () => {
  test.each([
    ['ABCD2345', 'ABCD2345'],
    ['abcd2345', 'ABCD2345'],
    [' ABCD-2345\n', 'ABCD2345'],
    ['ABCD 2345', 'ABCD2345'],
  ])('%j is the code %s', (raw, code) => {
    expect(codeFromScan(raw)).toBe(code);
  });

  test.each([
    ['a link', 'https://example.org/tw/registration/abc'],
    ['too short', 'ABCD234'],
    ['too long', 'ABCD23456'],
    ['letters a code never has (0, 1, I, L, O)', 'ABCD2301'],
    ['empty', ''],
    ['nothing', undefined],
  ])('%s is no code', (_, raw) => {
    expect(codeFromScan(raw)).toBeNull();
  });
});

describe('scanReader', () => {
  const read = (...values: string[]) => values.map((rawValue) => ({ rawValue }));

  test('answers each code once while it is held up, and again after another was read', () => {
    const next = scanReader();
    expect(next(read('ABCD2345'))).toBe('ABCD2345');
    expect(next(read('abcd-2345'))).toBeNull();
    expect(next(read())).toBeNull();
    expect(next(read('WXYZ6789'))).toBe('WXYZ6789');
    expect(next(read('ABCD2345'))).toBe('ABCD2345');
  });

  test('takes the first sign-up code of a round and passes over what is no code', () => {
    const next = scanReader();
    expect(next(read('https://example.org/', 'WXYZ6789', 'ABCD2345'))).toBe('WXYZ6789');
    expect(next(read('https://example.org/'))).toBeNull();
  });
});
