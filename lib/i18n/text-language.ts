import { htmlLang } from './languages';

const han = /\p{Script=Han}/u;

/**
 * The `lang` of a text whose language no field records (a glossary row is both languages at once):
 * Chinese when it has any Han character, English otherwise. Shown on the other language's page, it
 * tells screen readers to switch voice (WCAG 3.1.2).
 */
export function textLang(text: string): string {
  return han.test(text) ? htmlLang.tw : htmlLang.en;
}
