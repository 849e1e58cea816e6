'use client';

import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { ResourceDefinition } from '@/lib/content/model/define';
import { counterpartPath, type FormField } from '@/lib/admin-form/fields';
import type { FormValues } from '@/lib/admin-form/values';
import { otherLanguage, type WireLanguage } from '@/lib/i18n/languages';
import { createHttp, type ApiHttp } from '@/lib/client/http';
import { clientSettings } from '@/lib/client/settings';
import { ReferenceSelect } from './ReferenceSelect';
import type { FieldIds } from './FieldParts';

const clients = new Map<WireLanguage, ApiHttp>();

/** The page's API layer, but asking for rows of `language` (the page's own client sends the form's language). */
function clientIn(language: WireLanguage): ApiHttp {
  let client = clients.get(language);
  if (!client) {
    client = createHttp({ settings: () => ({ ...clientSettings(), language }) });
    clients.set(language, client);
  }
  return client;
}

/**
 * The row's counterpart in the other language (`translationId`): a select of the other language's rows
 * of the same resource, in the same section when the resource has sections, plus "none" (sent as
 * null, which clears the link).
 */
export function CounterpartSelect(props: {
  formField: FormField;
  definition: ResourceDefinition;
  language: WireLanguage;
  ids: FieldIds;
  error?: string;
}) {
  const t = useTranslations('adminForm');
  const { control } = useFormContext<FormValues>();
  const parents = useMemo(() => [...(props.definition.parents ?? [])], [props.definition]);
  const parentValues = useWatch({ control, name: parents, disabled: parents.length === 0 });
  const values = Object.fromEntries(parents.map((key, i) => [key, parentValues?.[i]]));
  return (
    <ReferenceSelect
      formField={props.formField}
      label={t('counterpart')}
      hint={t('counterpartHint')}
      emptyLabel={t('noValue')}
      ids={props.ids}
      error={props.error}
      required={false}
      client={clientIn(otherLanguage(props.language))}
      path={counterpartPath(props.definition, values)}
    />
  );
}
