import { toWholeMegabytes } from '@quire/shared';
import type { Translate } from '../../i18n/create-translator.ts';
import { typeLabelsOf } from '../../i18n/translate-error.ts';
import type { UploadRejection, UploadRules } from './validate-files.ts';

/** The inline message for an upload rejection (spec section 5). */
export function rejectionMessage(t: Translate, rejection: UploadRejection, rules: UploadRules): string {
  switch (rejection) {
    case 'too-large':
      return t('common.upload.tooLarge', { maxMegabytes: toWholeMegabytes(rules.maxFileBytes) });
    case 'invalid-type':
      return t('common.upload.invalidType', {
        types: typeLabelsOf(rules.accepts, t('common.upload.typeSeparator')),
      });
    case 'too-many':
      return t('common.upload.tooMany', { maxFiles: rules.multiple ? rules.maxFiles : 1 });
    case 'failed':
      return t('common.upload.failed');
  }
}
