export const WIDTH: number;
/** The source with every comment that has a line over WIDTH rewrapped; the same string when none has. */
export function wrapComments(text: string, fileName?: string): string;
export function words(text: string): string[];
export function paragraphs(
  texts: string[],
): { start: number; end: number; kind: 'hard' | 'item' | 'text'; hang?: string }[];
