import { FILE_KINDS, LOCALE_INFO, toWholeMegabytes, type FileKind, type Locale } from '@quire/shared';
import type { Translate } from '../../i18n/create-translator.ts';
import { isolateText, markAsPageText, type PageText } from '../../i18n/isolate-values.ts';
import type { DropAreaText } from './drop-area.tsx';
import type { UploadRules } from './validate-files.ts';

/**
 * How the upload texts name what a widget takes, read from its rules alone, so that a new tool gets right texts
 * without new messages: the one kind of file it takes (`mixed` when it takes several kinds, as the home page
 * does), whether it takes one file or several, and the formats by name (`JPG or PNG`) for sentences that list them.
 */
export type UploadWording = {
  readonly kind: Exclude<FileKind, 'stampImage'> | 'mixed';
  /** The value of the messages' `{files, select, single {…} other {…}}`. */
  readonly files: 'single' | 'several';
  readonly types: PageText;
};

/**
 * The format names of some file kinds as one phrase of the page's language: `PDF`, `JPG or PNG`,
 * `PDF, Word, JPG, or PNG`. Each name is isolated, the joining words are the page's own.
 */
export function typeListOf(kinds: readonly FileKind[], locale: Locale): PageText {
  const names = [...new Set(kinds.flatMap((kind) => FILE_KINDS[kind].typeNames))];
  const list = new Intl.ListFormat(LOCALE_INFO[locale].tag, { type: 'disjunction' });
  return markAsPageText(list.format(names.map(isolateText)));
}

export function uploadWordingOf(rules: UploadRules, locale: Locale): UploadWording {
  // A picture field's kinds are worded as images.
  const [onlyKind, ...otherKinds] = rules.accepts.map((kind) => (kind === 'stampImage' ? 'image' : kind));
  return {
    kind: onlyKind !== undefined && otherKinds.length === 0 ? onlyKind : 'mixed',
    files: rules.multiple ? 'several' : 'single',
    types: typeListOf(rules.accepts, locale),
  };
}

/**
 * The texts of the drop area: what to drop, what the button selects (and, once files are chosen, adds or replaces),
 * and how many files of what size.
 */
export function dropAreaTextOf(t: Translate, rules: UploadRules, wording: UploadWording): DropAreaText {
  const files = { files: wording.files };
  return {
    idle: t(`common.upload.dropHere.${wording.kind}`, files),
    dragging: t('common.upload.dropActive', files),
    browse: t('common.upload.browse'),
    button: t(`common.upload.selectButton.${wording.kind}`, files),
    compactButton: t(rules.multiple ? 'common.upload.addMore' : 'common.upload.chooseAnother'),
    limits: t('common.upload.limits', {
      maxFiles: rules.multiple ? rules.maxFiles : 1,
      maxMegabytes: toWholeMegabytes(rules.maxFileBytes),
      types: wording.types,
    }),
  };
}
