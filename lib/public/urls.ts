import { config } from '../config';
import { absoluteUrl as atOrigin } from '../routing/site';

/** The absolute URL (SITE_URL) of a path that already carries its language prefix. */
export const absoluteUrl = (path: string) => atOrigin(config().siteUrl, path);
