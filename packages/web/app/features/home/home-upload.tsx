import { hasAcceptedExtension, TOOL_IDS, TOOLS, toolPath, type FileKind, type ToolId } from '@quire/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';
import { useRevealOnAdd } from '../tools/use-reveal-on-add.ts';
import { useCarrySelection, usePendingFiles, useTakeSelection } from '../upload/pending-files.tsx';
import { typeListOf } from '../upload/upload-texts.ts';
import { UploadWidget } from '../upload/upload-widget.tsx';
import type { UploadRules } from '../upload/validate-files.ts';

const ALL_TOOLS = TOOL_IDS.map((id) => TOOLS[id]);

/** The home page accepts whatever some tool accepts; the tool is chosen afterwards. */
export const HOME_RULES: UploadRules = {
  accepts: [...new Set<FileKind>(ALL_TOOLS.flatMap((tool) => tool.accepts))],
  maxFileBytes: Math.max(...ALL_TOOLS.map((tool) => tool.maxFileBytes)),
  maxFiles: Math.max(...ALL_TOOLS.map((tool) => tool.maxFiles)),
  multiple: true,
};

function toolsFor(files: readonly File[]): ToolId[] {
  return TOOL_IDS.filter((id) => {
    const tool = TOOLS[id];
    return (
      files.length <= tool.maxFiles &&
      files.every((file) => hasAcceptedExtension(file.name, tool.accepts) && file.size <= tool.maxFileBytes)
    );
  });
}

/** The upload area of the home page: pick files, then choose what to do with them. */
export function HomeUpload() {
  const t = useT();
  const locale = useLocale();
  const pending = usePendingFiles();
  // Files come along from the home page in another language.
  const handedOver = useTakeSelection();
  const [files, setFiles] = useState<File[]>(() => [...handedOver.files]);
  useCarrySelection({ files });
  const choice = useRef<HTMLDivElement>(null);
  useRevealOnAdd(files.length, choice);
  // A remount of the widget on leaving also drops its messages about the files.
  const [uploadKey, setUploadKey] = useState(0);
  useForgetOnLeave(() => {
    setFiles([]);
    setUploadKey((key) => key + 1);
  });
  const tools = toolsFor(files);

  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-900/5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('common.home.upload.title')}</h2>
      <UploadWidget key={uploadKey} rules={HOME_RULES} files={files} onChange={setFiles} />
      {files.length > 0 && (
        <div ref={choice} className="mt-6" data-testid="home-tool-choice">
          <p className="text-sm font-semibold text-slate-900">
            {tools.length > 0
              ? t('common.home.upload.chooseTool', { count: files.length })
              : t('common.home.upload.noTool', { types: typeListOf(HOME_RULES.accepts, locale) })}
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {tools.map((id) => (
              <li key={id}>
                <Link
                  to={toolPath(locale, id)}
                  onClick={() => pending.handOver({ files }, toolPath(locale, id))}
                  className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 p-2 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-3 focus-visible:outline-indigo-600"
                >
                  <ToolIcon tool={TOOLS[id]} />
                  {t(`tools.${id}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
