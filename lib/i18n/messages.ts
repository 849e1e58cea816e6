import tw from '../../messages/tw';
import en from '../../messages/en';
import type { WireLanguage } from './languages';

export type Messages = typeof tw;

/** Both languages have the same keys (checked by test/messages.test.ts). */

const byWire: Record<WireLanguage, Messages> = { tw, en };

export function messagesFor(language: WireLanguage): Messages {
  return byWire[language];
}

/**
 * Looks up `section.key` in the language's messages and fills `{name}` placeholders.
 * Server code (API errors) uses this; React code uses next-intl's hooks on the same files.
 */
export function translate(language: WireLanguage, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = byWire[language];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? Object.getOwnPropertyDescriptor(node, part)?.value : undefined;
  }
  const template = typeof node === 'string' ? node : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
