import { toWholeMegabytes } from '@quire/shared';
import type { Translate } from '../../i18n/create-translator.ts';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import type { UploadWording } from './upload-texts.ts';
import type { UploadRejection, UploadRules } from './validate-files.ts';

function firstFileMessage(
  t: Translate,
  rejection: UploadRejection,
  rules: UploadRules,
  wording: UploadWording,
): string {
  const fileName = rejection.fileName ?? '';
  switch (rejection.reason) {
    case 'too-large':
      return t('common.upload.tooLarge', { fileName, maxMegabytes: toWholeMegabytes(rules.maxFileBytes) });
    case 'invalid-type':
      return t('common.upload.invalidType', { fileName, files: wording.files, types: wording.types });
    case 'too-many':
      return t('common.upload.tooMany', { fileName, maxFiles: rules.multiple ? rules.maxFiles : 1 });
    case 'failed':
      return t('common.upload.failed', { fileName, hasFileName: rejection.fileName === null ? 'no' : 'yes' });
  }
}

/**
 * The inline message for a pick that left files out (spec section 5): it names the first file left out and why,
 * and says how many more of the same pick were left out too.
 */
export function rejectionMessage(
  t: Translate,
  rejection: UploadRejection,
  rules: UploadRules,
  wording: UploadWording,
): string {
  const message = firstFileMessage(t, rejection, rules, wording);
  if (rejection.others === 0) return message;
  return t('common.upload.othersLeftOut', { message: markAsPageText(message), others: rejection.others });
}
