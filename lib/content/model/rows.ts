import type { Audience } from './audience';
import type { ResourceDefinition } from './define';
import type { Field } from './fields';

/** A stored row as the write path and the wire formats handle it, before a definition types it (`RowOf`). */
export type Row = Record<string, unknown>;

/**
 * The row type a definition implies: one property per stored field, typed by its kind, plus the
 * common columns its flags add (lib/content/model/table.ts). `RowOf<typeof webnews>` is what a read of
 * webnews returns. Optional text and dates are null when empty, as the database keeps them.
 */
type ValueOf<F extends Field> = F extends { kind: 'boolean' }
  ? boolean
  : F extends { kind: 'choice' }
    ? number
    : F extends { kind: 'integer' | 'reference' }
      ? number | null
      : F extends { kind: 'datetime' }
        ? Date | null
        : F extends { kind: 'files' }
          ? string[]
          : F extends { kind: 'date' }
            ? string | null
            : F extends { kind: 'text' | 'longtext' | 'password' | 'richtext' | 'image' }
              ? string | null
              : // A field whose kind is one of several (a plain Field): not known here.
                unknown;

/** Fields that have a column (virtual ones, such as a password before hashing, have none). */
type StoredKeys<Fs> = {
  [K in keyof Fs]: Fs[K] extends { virtual: true } ? never : Fs[K] extends { kind: 'password' } ? never : K;
}[keyof Fs];

type Flag<D, K extends string, Default extends boolean> = D extends { [P in K]: infer V }
  ? V extends boolean
    ? V
    : Default
  : Default;

type Localized<D> =
  Flag<D, 'localized', true> extends false ? object : { lang: 'tw' | 'en'; translationId: number | null };
type Visible<D> = Flag<D, 'visibility', Flag<D, 'localized', true>> extends true ? { isVisible: boolean } : object;
type Audienced<D> = Flag<D, 'audience', false> extends true ? { audience: Audience } : object;
type Ordered<D> = Flag<D, 'ordered', false> extends true ? { order: number } : object;
type Windowed<D> = Flag<D, 'window', false> extends true ? { publishAt: Date; unpublishAt: Date | null } : object;

export type RowOf<D extends ResourceDefinition> = {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: number | null;
  version: number;
} & {
  [K in StoredKeys<D['fields']> & string]: ValueOf<D['fields'][K]>;
} & Localized<D> &
  Visible<D> &
  Audienced<D> &
  Ordered<D> &
  Windowed<D>;
