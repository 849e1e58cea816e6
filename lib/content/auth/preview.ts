import 'server-only';
import { randomBytes } from 'node:crypto';
import type { PreviewGrant } from '../../cache/preview-scope';
import { requireAccess, type Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import { notFound, positiveInteger } from '../model/errors';
import { findPreviewToken, storePreviewToken } from '../storage/preview-tokens';
import { getRow } from '../storage/row-reads';
import type { Row } from '../model/rows';
import { hashToken } from './sessions';

/**
 * Draft previews: staff get a link that shows one row (hidden, scheduled or expired) on its real
 * public page for an hour, to check it or to send it to someone who has no account. The token is
 * random and stored only as its SHA-256, like sessions and password-reset links, so every server of
 * a deployment accepts it and a database dump does not give it away.
 */
export const PREVIEW_TOKEN_MS = 60 * 60 * 1000;

/** A new preview token for a row the actor may edit and that `shownAt` finds a public page for. */
export async function createPreviewToken(
  actor: Actor,
  definition: ResourceDefinition,
  id: string | number,
  shownAt: (row: Row) => string | null,
): Promise<{ token: string; expiresAt: Date }> {
  requireAccess(actor, traits(definition).write);
  const row = await getRow(definition, { language: actor.language, publicOnly: false }, positiveInteger(String(id)));
  if (!row || !shownAt(row)) throw notFound();
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PREVIEW_TOKEN_MS);
  await storePreviewToken(
    {
      tokenHash: hashToken(token),
      resource: definition.name,
      rowId: Number(row.id),
      lang: actor.language,
      accountId: actor.account?.id ?? null,
      expiresAt,
    },
    now,
  );
  return { token, expiresAt };
}

/** What a token lets its bearer see, while it is valid. */
export async function findPreviewGrant(
  token: string,
  now = new Date(),
): Promise<(PreviewGrant & { secondsLeft: number }) | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const found = await findPreviewToken(hashToken(token), now);
  if (!found) return undefined;
  const secondsLeft = Math.max(1, Math.floor((found.expiresAt.getTime() - now.getTime()) / 1000));
  return { resource: found.resource, rowId: found.rowId, language: found.language === 'en' ? 'en' : 'tw', secondsLeft };
}

/** The row a grant shows, whatever its visibility and dates (undefined once it is deleted). */
export async function previewedRow(grant: PreviewGrant, definition: ResourceDefinition): Promise<Row | undefined> {
  return getRow(definition, { language: grant.language, publicOnly: false }, grant.rowId);
}
