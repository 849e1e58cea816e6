import type { WireLanguage } from '@/lib/i18n/languages';
import type { AccessKey } from '../AccessKeyMark';
import { DataTable } from '../info/DataTable';
import { translationsIn } from '@/lib/i18n/params';

/** The access keys: the `:::` marks (U top, C content, Z footer, set by the site layout) and S, search. */
export const accesskeys: readonly AccessKey[] = ['U', 'C', 'Z', 'S'];

/** The keys, the area each leads to and what is there, as a table. */
export async function AccesskeyTable({ language }: { language: WireLanguage }) {
  const t = await translationsIn(language, 'accessibility.accesskeys');
  return (
    <DataTable
      label={t('keysLabel')}
      columns={[t('key'), t('area'), t('purpose')]}
      rows={accesskeys.map((key) => ({
        key,
        cells: [<kbd key="key">{key}</kbd>, t(`keys.${key}.area`), t(`keys.${key}.purpose`)],
      }))}
    />
  );
}
