import { TOOLS, toolPath, type ToolId } from '@quire/shared';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ToolIcon } from '../../../components/tool-icon.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useToast } from '../../toasts/toast-context.tsx';
import { usePendingFiles } from '../../upload/pending-files.tsx';
import { CompressComparison } from './compress-comparison.tsx';
import { nextToolsFor } from './next-tools.ts';
import { previewKindOf, readResultFiles, resultPasswordOf, type HeldResult } from './result-files.ts';
import { ResultPages, ResultPictures } from './result-pages.tsx';

export type ResultExtrasProps = {
  readonly toolId: ToolId;
  readonly result: HeldResult;
  /** The visitor's first file and its password: Compress shows its pages beside the result's. */
  readonly source: File | undefined;
  readonly sourcePassword: string | undefined;
  /** The options the result was made with (Protect's new password opens it). */
  readonly options: Readonly<Record<string, string>>;
};

/**
 * What a result card offers beyond its download, loaded with its renderer once a result is there: the result to
 * look at (a PDF's pages, Compress's page beside its original's, PDF to JPG's pictures), and the tools it can go on
 * to, which take it in the page's memory. Both read the bytes already fetched for the download.
 */
export function ResultExtras({ toolId, result, source, sourcePassword, options }: ResultExtrasProps) {
  const t = useT();
  const resultPassword = resultPasswordOf(toolId, options, sourcePassword);
  const files = useResultFiles(result);
  if (!files) return null;
  const heading = t('common.tool.resultPreview', { fileName: result.fileName });
  const preview = previewKindOf(toolId, files);
  const [first] = files;
  return (
    <>
      {preview === 'compare' && first && source && (
        <CompressComparison
          original={source}
          originalPassword={sourcePassword}
          result={first}
          resultPassword={resultPassword}
          resultHeading={heading}
        />
      )}
      {(preview === 'pages' || (preview === 'compare' && !source)) && first && (
        <ResultPages file={first} password={resultPassword} heading={heading} />
      )}
      {preview === 'pictures' && <ResultPictures pictures={files} heading={heading} />}
      <NextToolLinks files={files} from={toolId} />
    </>
  );
}

/** The files of a result, once read (a zip's read out of it); the same Files for as long as the result stays. */
function useResultFiles(result: HeldResult): readonly File[] | null {
  const [read, setRead] = useState<{ result: HeldResult; files: readonly File[] } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    readResultFiles(result).then(
      (files) => isCurrent && setRead({ result, files }),
      // A zip the browser cannot read: the download is all there is.
      () => isCurrent && setRead({ result, files: [] }),
    );
    return () => {
      isCurrent = false;
    };
  }, [result]);
  return read?.result === result ? read.files : null;
}

/**
 * A link to each tool that takes the result (`nextToolsFor`): following one hands the result's files to that
 * tool's page, in the page's language, as the home page hands the files chosen there; they never go to the server
 * before the visitor runs that tool.
 */
function NextToolLinks({ files, from }: { files: readonly File[]; from: ToolId }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const pending = usePendingFiles();
  const headingId = useId();
  const tools = nextToolsFor(files, from);
  if (tools.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className="w-full text-start" data-testid="next-tools">
      <h3 id={headingId} className="text-sm font-semibold text-emerald-900">
        {t('common.tool.continueWith')}
      </h3>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {tools.map((id) => (
          <li key={id}>
            <Link
              to={toolPath(locale, id)}
              onClick={() => {
                // The toast offers this page's download, which goes with the page.
                toast.dismiss();
                pending.handOver({ files }, toolPath(locale, id));
              }}
              data-testid="next-tool"
              data-tool={id}
              className="flex h-full min-h-11 items-center gap-2 rounded-xl border border-slate-200 bg-white py-1 ps-1 pe-2 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-3 focus-visible:outline-indigo-600"
            >
              <ToolIcon tool={TOOLS[id]} size="sm" />
              {t(`tools.${id}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
