import tw from '../../messages/tw/client.json';
import en from '../../messages/en/client.json';
import type { WireLanguage } from '../i18n/languages';

type ClientMessages = typeof tw;

const byLanguage: Record<WireLanguage, ClientMessages> = { tw, en };

/** The layer's own strings (only the `client` namespace, so the bundle does not carry the rest). */
export function clientMessage(
  language: WireLanguage,
  key: keyof ClientMessages,
  values: Record<string, string | number> = {},
): string {
  return byLanguage[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** What a declined delete resolves to (the old client's `取消`). A value callers compare, the same in both languages. */
export const CANCELLED = '取消' as const;
