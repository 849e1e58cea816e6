import { findPreviewGrant, previewedRow } from '../content/auth/preview';
import { findResource } from '../content/model/registry';
import { publicRowUrl } from './row-links';

/**
 * Where a draft-preview link leads: the row's public page and how long the preview lasts, or null
 * for a token that is wrong, expired, or whose row is gone.
 */
export async function previewDestination(
  token: string,
  now = new Date(),
): Promise<{ location: string; seconds: number } | null> {
  const grant = await findPreviewGrant(token, now);
  const definition = grant && findResource(grant.resource);
  const row = grant && definition ? await previewedRow(grant, definition) : undefined;
  const location = grant && row ? publicRowUrl(grant.language, grant.resource, row) : null;
  if (!grant || !location) return null;
  return { location, seconds: grant.secondsLeft };
}
