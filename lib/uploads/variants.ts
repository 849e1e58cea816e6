import { and, eq, inArray, like } from 'drizzle-orm';
import { connect, getDb, type Connection } from '../db';
import { claimAcrossServers } from '../db/claim';
import { uploads, uploadVariants } from '../db/schema';
import { logger } from '../observability/logger';
import { processSlot } from '../runtime/process-state';
import { renderVariant, type VariantFormat, type VariantShape } from './images';
import { uploadStorage } from './storage';

/**
 * The sized copies of uploaded images. Each is kept in the upload storage (either kind, so every app
 * server shares them) under `{id}.{key}`, recorded in `upload_variants`. They are made in the
 * background right after an upload, the quick formats first, AVIF last; a request for one that is
 * not made yet gets the best one that is, or a quick one made at once, never the original.
 */

/** The widths pages ask for; an image narrower than one of them has its own width as the largest. */
const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const MAX_VARIANT_WIDTH = 1920;
/** The sharing image (`og:image`). */
const SHARE_SIZE = { width: 1200, height: 630 } as const;

/** What the variants of an upload depend on. */
export interface VariantSource {
  id: string;
  type: string;
  version: number;
  width: number | null;
  height: number | null;
  alpha: boolean;
  /** Recorded at upload for a lossless WebP; PNG and GIF are lossless by their type. */
  lossless: boolean;
  focalX: number | null;
  focalY: number | null;
}

/** Images the library makes copies of; SVG is never accepted, other types are files. */
export const resizable = (type: string) => /^image\/(jpeg|png|gif|webp|avif)$/.test(type);

export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  const widths: number[] = VARIANT_WIDTHS.filter((each) => each < top);
  return [...widths, top];
}

/**
 * A source of sharp edges (a chart, a diagram, a screenshot: what is stored as PNG or GIF) whose
 * copies stay lossless: a lossy encoder blurs its lines and text.
 */
export const lossless = (source: Pick<VariantSource, 'type' | 'lossless'>) =>
  source.lossless || /^image\/(png|gif)$/.test(source.type);

/** The format for browsers without AVIF or WebP: PNG keeps transparency and lossless pixels, JPEG for photos. */
export const fallbackFormat = (source: Pick<VariantSource, 'alpha' | 'type' | 'lossless'>): 'png' | 'jpeg' =>
  source.alpha || lossless(source) ? 'png' : 'jpeg';

/** The formats a page offers, best first: no AVIF for a lossless source (ours is lossy), its WebP lossless. */
export const pictureFormats = (source: Pick<VariantSource, 'alpha' | 'type' | 'lossless'>): VariantFormat[] =>
  lossless(source) ? ['webp', 'png'] : ['avif', 'webp', fallbackFormat(source)];

const extension: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };
export const mimeOf = (format: VariantFormat) => `image/${format}`;

const focal = (value: number | null) => Math.round((value ?? 0.5) * 1000);

export interface Variant {
  shape: VariantShape;
  format: VariantFormat;
  /**
   * `v{version}-w{width}.{ext}` (`-w{width}-lossless.webp` for a lossless source, so the lossy WebP
   * made of one before is never sent), `v{version}-c{w}x{h}-{x}-{y}.{ext}` (focal point in
   * thousandths) or `v{version}-anim.gif`.
   */
  key: string;
}

export function variant(source: VariantSource, shape: VariantShape, format: VariantFormat): Variant {
  const name =
    shape.kind === 'width'
      ? `w${shape.width}${format === 'webp' && lossless(source) ? '-lossless' : ''}`
      : shape.kind === 'crop'
        ? `c${shape.width}x${shape.height}-${focal(shape.focalX)}-${focal(shape.focalY)}`
        : 'anim';
  return { shape, format, key: `v${source.version}-${name}.${extension[format]}` };
}

export const widthVariant = (source: VariantSource, width: number, format: VariantFormat) =>
  variant(source, { kind: 'width', width }, format);

/** The sharing image: 1200×630 around the focal point, JPEG (what every site that reads og:image takes). */
export const shareVariant = (source: VariantSource) =>
  variant(source, { kind: 'crop', ...SHARE_SIZE, focalX: source.focalX ?? 0.5, focalY: source.focalY ?? 0.5 }, 'jpeg');

/** Every variant of an upload, in the order they are made: the quick formats first, AVIF (slow to encode) last. */
export function variantPlan(source: VariantSource): Variant[] {
  if (!resizable(source.type) || !source.width) return [];
  const widths = variantWidths(source.width);
  return [
    ...widths.map((width) => widthVariant(source, width, fallbackFormat(source))),
    ...widths.map((width) => widthVariant(source, width, 'webp')),
    shareVariant(source),
    ...(lossless(source) ? [] : widths.map((width) => widthVariant(source, width, 'avif'))),
  ];
}

/** The address of a sized copy: the upload's own URL with its width, format and version. */
export const variantUrl = (url: string, version: number, width: number, format: VariantFormat) =>
  `${url}?w=${width}&f=${format}&v=${version}`;

/** The address of the sharing image (its focal point in the address: a moved point is a new image). */
export const shareUrl = (url: string, source: Pick<VariantSource, 'version' | 'focalX' | 'focalY'>) =>
  `${url}?crop=share&v=${source.version}.${focal(source.focalX)}.${focal(source.focalY)}`;

export const storageKey = (id: string, key: string) => `${id}.${key}`;

/** The keys of an upload's stored variants. */
export async function storedVariantKeys(id: string): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db.select({ key: uploadVariants.key }).from(uploadVariants).where(eq(uploadVariants.uploadId, id));
  return new Set(rows.map((row) => row.key));
}

// One per process: the API routes (which store uploads) and the uploads route (which serves them) are
// bundled apart, and both must see the variants being made.
interface VariantState {
  making: Map<string, Promise<boolean>>;
  queue: { source: VariantSource; done: () => void }[];
  running: boolean;
  idle: Promise<void>;
  settle: () => void;
}
declare module '../runtime/process-state' {
  interface ProcessSlots {
    uploadVariants: VariantState;
  }
}
const state: VariantState = processSlot('uploadVariants', () => ({
  making: new Map(),
  queue: [],
  running: false,
  idle: Promise.resolve(),
  settle: () => {},
}));

/**
 * Makes one variant and stores it, unless it is stored already, once across the app servers:
 * concurrent callers in this process share one encoding, and on PostgreSQL a claim on the upload's
 * copy (`makeVariantClaimed`) lets one server make it. With `wait` (the default: a request about to
 * send this very copy) a copy another server is making is waited for; without (the background
 * queue, a script) it is left to that server. Resolves whether this process made it.
 */
export async function makeVariant(
  source: VariantSource,
  wanted: Variant,
  original?: Uint8Array,
  { wait = true }: { wait?: boolean } = {},
): Promise<boolean> {
  const full = storageKey(source.id, wanted.key);
  const pending = state.making.get(full);
  if (pending) {
    const made = await pending;
    // The background's try left it to another server; a request that sends it waits for that one.
    return made || !wait ? made : makeVariant(source, wanted, original, { wait });
  }
  const work = (async () => makeVariantClaimed(await connect(), source, wanted, { original, wait }))().finally(() =>
    state.making.delete(full),
  );
  state.making.set(full, work);
  return work;
}

/**
 * Makes one variant unless it is stored, under a claim across servers keyed on the upload and the
 * copy (lib/db/claim.ts); the process's own once is `makeVariant`'s. Resolves whether it made it:
 * not when it was stored already, nor when another server holds the claim (`wait: false`) or made
 * it while this one waited.
 */
export async function makeVariantClaimed(
  connection: Connection,
  source: VariantSource,
  wanted: Variant,
  { original, wait }: { original?: Uint8Array; wait: boolean },
): Promise<boolean> {
  if ((await storedVariantKeys(source.id)).has(wanted.key)) return false;
  const full = storageKey(source.id, wanted.key);
  let made = false;
  await claimAcrossServers(
    connection,
    `image copy ${full}`,
    async () => {
      // Another server may have stored it between the check above and the claim.
      if (connection.driver === 'postgres' && (await storedVariantKeys(source.id)).has(wanted.key)) return;
      const bytes = original ?? (await uploadStorage().get(source.id));
      if (!bytes) return;
      const rendered = await renderVariant(bytes, wanted.shape, wanted.format, lossless(source));
      await uploadStorage().put(full, rendered.bytes);
      const db = await getDb();
      await db
        .insert(uploadVariants)
        .values({ uploadId: source.id, key: wanted.key, size: rendered.bytes.byteLength })
        .onConflictDoNothing();
      made = true;
      // Replaced while this was made: the copy is of the old picture, and nothing will ask for it.
      const [current] = await db.select({ version: uploads.version }).from(uploads).where(eq(uploads.id, source.id));
      if (!current || current.version !== source.version) await removeVariantKeys(source.id, [wanted.key]);
    },
    { wait },
  );
  return made;
}

/** Removes these variants of an upload (records and bytes). */
async function removeVariantKeys(id: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const db = await getDb();
  await db.delete(uploadVariants).where(and(eq(uploadVariants.uploadId, id), inArray(uploadVariants.key, keys)));
  for (const key of keys) await uploadStorage().remove(storageKey(id, key));
}

/** Removes the variants of an upload, all of them or those of earlier versions than `keepVersion`. */
export async function removeVariants(id: string, keepVersion?: number): Promise<void> {
  const keys = [...(await storedVariantKeys(id))].filter(
    (key) => keepVersion === undefined || !key.startsWith(`v${keepVersion}-`),
  );
  await removeVariantKeys(id, keys);
}

/** Removes the crops whose focal point is no longer the upload's (after the editor moved it). */
export async function removeStaleCrops(source: VariantSource): Promise<void> {
  const current = shareVariant(source).key;
  const db = await getDb();
  const crops = await db
    .select({ key: uploadVariants.key })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, source.id), like(uploadVariants.key, `v${source.version}-c%`)));
  await removeVariantKeys(
    source.id,
    crops.map((row) => row.key).filter((key) => key !== current),
  );
}

/**
 * Queues the making of an upload's missing variants, one upload at a time, so visitors' requests keep
 * the processor. Resolves when they are made (the queue logs and skips what fails).
 */
export function scheduleVariants(source: VariantSource): Promise<void> {
  // Already waiting its turn (several requests for its AVIF copies): one job makes them all.
  if (state.queue.some((job) => job.source.id === source.id && job.source.version === source.version))
    return state.idle;
  return new Promise((done) => {
    if (!state.queue.length && !state.running)
      state.idle = new Promise((settle) => {
        state.settle = settle;
      });
    state.queue.push({ source, done });
    if (!state.running) void runQueue();
  });
}

/** Resolves when the background queue has nothing left to make. */
export const variantsIdle = () => state.idle;

async function runQueue(): Promise<void> {
  state.running = true;
  try {
    for (let job = state.queue.shift(); job; job = state.queue.shift()) {
      try {
        await makeAll(job.source);
      } catch (error) {
        logger().warn({ err: error, upload: job.source.id }, 'image variants failed');
      }
      job.done();
    }
  } finally {
    state.running = false;
    state.settle();
  }
}

/** Makes every missing variant of one upload (reading the original once); the number this process made. */
export async function makeAll(source: VariantSource, onEach?: (key: string) => void): Promise<number> {
  const plan = variantPlan(source);
  const stored = await storedVariantKeys(source.id);
  const missing = plan.filter((each) => !stored.has(each.key));
  if (!missing.length) return 0;
  const original = await uploadStorage().get(source.id);
  if (!original) return 0;
  let made = 0;
  for (const each of missing) {
    // Yield between encodings: a request for a variant of another upload is not held behind the whole plan.
    await new Promise((resume) => setImmediate(resume));
    // One another server is making is left to it.
    if (!(await makeVariant(source, each, original, { wait: false }))) continue;
    made++;
    onEach?.(each.key);
  }
  return made;
}

/** How long a request waits for the copy it asks for while that copy is being made. */
const WAIT_FOR_EXACT_MS = 400;
/** How long a request waits for the first copy of an upload just stored (the smallest JPEG: a fraction of a second). */
const WAIT_FOR_FIRST_MS = 1000;

export interface ChosenVariant {
  key: string;
  format: VariantFormat;
  /** The copy asked for (served for a year), or a stand-in until it is made (revalidated). */
  exact: boolean;
}

const settled = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.catch(() => {}), new Promise((resume) => setTimeout(resume, ms))]);

/**
 * The stored copy closest to the one asked for, in a format the browser that asked reads (a JPEG
 * or PNG request came from a browser that may read nothing else): the same width in another
 * format first, then the narrowest wider copy, then the widest narrower one.
 */
export function standInFor(source: VariantSource, stored: Set<string>, width: number, format: VariantFormat) {
  const formats: VariantFormat[] =
    format === 'avif'
      ? ['avif', 'webp', fallbackFormat(source)]
      : format === 'webp'
        ? ['webp', fallbackFormat(source)]
        : [fallbackFormat(source)];
  const widths = variantWidths(source.width ?? width);
  const order = [width, ...widths.filter((each) => each > width), ...widths.filter((each) => each < width).reverse()];
  for (const each of order)
    for (const kind of formats) {
      const candidate = widthVariant(source, each, kind);
      if (stored.has(candidate.key)) return candidate;
    }
  return undefined;
}

/**
 * The variant to answer a request for `width` (one of the upload's widths) in `format` with. A
 * visitor never waits for a slow encode: a copy not stored yet is queued, and the request gets the
 * closest copy that is (revalidated, so the next visit gets the real one), after a short wait if
 * the copy asked for, or the first copy of a new upload, is being made. Only when no copy exists
 * at all is one made at once: the smallest JPEG or PNG.
 */
export async function chooseVariant(
  source: VariantSource,
  width: number,
  format: VariantFormat,
): Promise<ChosenVariant> {
  const wanted = widthVariant(source, width, format);
  let stored = await storedVariantKeys(source.id);
  if (stored.has(wanted.key)) return { key: wanted.key, format, exact: true };
  const making = state.making.get(storageKey(source.id, wanted.key));
  if (making) {
    await settled(making, WAIT_FOR_EXACT_MS);
    stored = await storedVariantKeys(source.id);
    if (stored.has(wanted.key)) return { key: wanted.key, format, exact: true };
  }
  void scheduleVariants(source);
  let standIn = standInFor(source, stored, width, format);
  if (!standIn) {
    const prefix = storageKey(source.id, `v${source.version}-w`);
    const first = [...state.making.entries()].filter(([key]) => key.startsWith(prefix)).map(([, work]) => work);
    if (first.length) {
      await settled(Promise.any(first), WAIT_FOR_FIRST_MS);
      stored = await storedVariantKeys(source.id);
      standIn = standInFor(source, stored, width, format);
    }
  }
  if (standIn) return { key: standIn.key, format: standIn.format, exact: standIn.key === wanted.key };
  // None yet: the smallest JPEG or PNG, the background queue's first copy, is the quickest to make
  // (a JPEG decodes at an eighth of its size for it) and every browser reads it.
  const quick = widthVariant(source, variantWidths(source.width ?? width)[0], fallbackFormat(source));
  await makeVariant(source, quick);
  return { key: quick.key, format: quick.format, exact: quick.key === wanted.key };
}
