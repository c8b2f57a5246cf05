import { kindOfFileName } from '@quire/shared';
import { FileIcon, HtmlIcon, ImageIcon, SheetIcon, SlidesIcon, WordIcon } from './icons.tsx';

/**
 * The icon of a chosen file's kind, read from its name: a PDF, a Word document, a spreadsheet, a presentation, a web
 * page (an HTML file or a zip) or an image.
 */
export function FileKindIcon({ fileName }: { fileName: string }) {
  const kind = kindOfFileName(fileName);
  if (kind === 'image') return <ImageIcon className="size-5 shrink-0 text-teal-600" data-file-kind="image" />;
  if (kind === 'word') return <WordIcon className="size-5 shrink-0 text-blue-600" data-file-kind="word" />;
  if (kind === 'spreadsheet') {
    return <SheetIcon className="size-5 shrink-0 text-green-600" data-file-kind="spreadsheet" />;
  }
  if (kind === 'presentation') {
    return <SlidesIcon className="size-5 shrink-0 text-orange-600" data-file-kind="presentation" />;
  }
  if (kind === 'html') return <HtmlIcon className="size-5 shrink-0 text-orange-600" data-file-kind="html" />;
  return <FileIcon className="size-5 shrink-0 text-red-600" data-file-kind={kind ?? 'other'} />;
}
