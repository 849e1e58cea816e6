import { richTextToPlain } from '../security/sanitize';

/** The text cut to at most `max` characters, an ellipsis standing for what was cut. */
export const truncated = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A row's text to show under its title: its summary, or its content as plain text, cut to `max` characters. */
export function summaryText(row: { summary?: string | null; content?: string | null }, max: number): string {
  return truncated(row.summary || richTextToPlain(row.content ?? ''), max);
}
