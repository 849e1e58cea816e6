import { cache } from 'react';
import { readWebInfo } from '../content/settings';
import type { WireLanguage } from '../i18n/languages';

/** The association's public settings (name, logo, contact details), read once per request. */
export const siteInfo = cache((language: WireLanguage) => readWebInfo(language, { includePrivate: false }));
