import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from '../content/model/registration';

const codeShape = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * The sign-up code a QR code read at the door holds (the manage page's QR code is the bare code), as
 * stored; null for anything else the camera sees (a poster's link, a product's barcode), which is
 * then not sent at all.
 */
export function codeFromScan(rawValue: string | undefined): string | null {
  if (typeof rawValue !== 'string') return null;
  const code = normalizeCode(rawValue.trim());
  return codeShape.test(code) ? code : null;
}

/**
 * What to check in of each round of the camera's reads: the first sign-up code among them, once. The
 * camera sees the same QR code several times a second while it is held up, so a code is answered
 * again only after another was read in between.
 */
export function scanReader(): (found: readonly { rawValue: string }[]) => string | null {
  let last: string | null = null;
  return (found) => {
    const code = found.map(({ rawValue }) => codeFromScan(rawValue)).find((value) => value !== null) ?? null;
    if (code === null || code === last) return null;
    last = code;
    return code;
  };
}
