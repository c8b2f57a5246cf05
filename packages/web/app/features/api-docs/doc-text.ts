import type { MessageValues, Translate } from '../../i18n/create-translator.ts';
import type { MessageKey } from '../../i18n/messages.ts';

/**
 * A message of the `apiDocs` namespace whose key is made from the OpenAPI document (an operation id, a field or a
 * header name). Every such key is checked against the document by `describe-api.test.ts`.
 */
export function docText(t: Translate, key: string, values?: MessageValues): string {
  return t(`apiDocs.${key}` as MessageKey, values);
}
