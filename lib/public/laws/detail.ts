import type { ResourceDefinition } from '../../content/model/define';
import { resources } from '../../content/model/registry';
import { getRow } from '../../content/storage/row-reads';
import type { Row } from '../../content/model/rows';
import type { WireLanguage } from '../../i18n/languages';
import { optionalText } from '../lists';
import { uploadIds } from '../attachments';

/** The name of a referenced public row (a law's class, a rule's type), or undefined. */
export async function referenceName(
  definition: ResourceDefinition,
  language: WireLanguage,
  id: unknown,
): Promise<string | undefined> {
  if (typeof id !== 'number') return undefined;
  const row = await getRow(definition, { language, publicOnly: true }, id);
  return row ? String(row.name ?? '') : undefined;
}

/** Everything the law page shows. */
interface LawDetail {
  id: number;
  title: string;
  authority?: string;
  documentNumber?: string;
  issuedOn?: string;
  className?: string;
  businessName?: string;
  attributeName?: string;
  content?: string;
  files: string[];
}

export async function lawDetail(row: Row, language: WireLanguage): Promise<LawDetail> {
  const [className, businessName, attributeName] = await Promise.all([
    referenceName(resources.webruleclass, language, row.classId),
    referenceName(resources.webrulebusiness, language, row.businessId),
    referenceName(resources.webruleattribute, language, row.attributeId),
  ]);
  return {
    id: Number(row.id),
    title: String(row.title ?? ''),
    authority: optionalText(row.authority),
    documentNumber: optionalText(row.documentNumber),
    issuedOn: optionalText(row.issuedOn),
    className,
    businessName,
    attributeName,
    content: optionalText(row.content),
    files: uploadIds(row.files),
  };
}
