import { SITE_TOOL_IDS, TOOLS, toolPath, type FileKind } from '@quire/shared';
import { useRef, useState } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';
import { useRevealOnAdd } from '../tools/use-reveal-on-add.ts';
import { useCarrySelection, usePendingFiles, useTakeSelection } from '../upload/pending-files.tsx';
import { UploadWidget } from '../upload/upload-widget.tsx';
import type { UploadRules } from '../upload/validate-files.ts';
import { HomeToolChoice } from './home-tool-choice.tsx';
import { toolChoiceFor } from './tool-choice.ts';

const ALL_TOOLS = SITE_TOOL_IDS.map((id) => TOOLS[id]);

/** The home page accepts whatever some tool accepts; the tool is chosen afterwards. */
export const HOME_RULES: UploadRules = {
  accepts: [...new Set<FileKind>(ALL_TOOLS.flatMap((tool) => tool.accepts))],
  maxFileBytes: Math.max(...ALL_TOOLS.map((tool) => tool.maxFileBytes)),
  maxFiles: Math.max(...ALL_TOOLS.map((tool) => tool.maxFiles)),
  multiple: true,
};

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

  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-900/5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('common.home.upload.title')}</h2>
      <UploadWidget key={uploadKey} rules={HOME_RULES} files={files} onChange={setFiles} />
      {files.length > 0 && (
        <div ref={choice} className="mt-6" data-testid="home-tool-choice">
          <HomeToolChoice
            files={files}
            choice={toolChoiceFor(files)}
            onChoose={(id, chosen) => pending.handOver({ files: chosen }, toolPath(locale, id))}
          />
        </div>
      )}
    </div>
  );
}
