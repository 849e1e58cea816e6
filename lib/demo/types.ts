/** A value in both languages: Traditional Chinese (`tw`) and its English translation (`en`). */
export interface Bi<T = string> {
  tw: T;
  en: T;
}

export const bi = (tw: string, en: string): Bi => ({ tw, en });
