import { homePath, resultNameExample, TOOLS, type ToolId } from '@quire/shared';
import { Link } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { ArrowBackIcon } from '../../components/icons.tsx';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { TOOLS_SECTION_ID } from '../../lib/use-scroll-to-tools.ts';
import { uploadWordingOf } from '../upload/upload-texts.ts';
import { PdfaChecks } from './pdfa-checks.tsx';
import { ToolHowTo } from './tool-how-to.tsx';
import { ToolWorkbench } from './tool-workbench.tsx';
import { uploadRulesOf } from './upload-rules.ts';

/**
 * The page of any tool, driven by the registry: back link, title, description, upload card and how-to. The upload
 * card is hydrated first; the how-to after it.
 */
export function ToolPage({ toolId }: { toolId: ToolId }) {
  const t = useT();
  const locale = useLocale();
  const tool = TOOLS[toolId];
  const title = t(`tools.${toolId}.title`);
  const wording = uploadWordingOf(uploadRulesOf(tool), locale);
  // A sample file in the page's language and its result's name, as the site and the API name it.
  const sample = resultNameExample(toolId, {
    document: t('common.tool.sampleDocument'),
    photo: t('common.tool.samplePhoto'),
  });
  const sampleResult = sample.results[0]?.fileName ?? tool.output.fileName;

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6">
      <Link
        to={`${homePath(locale)}#${TOOLS_SECTION_ID}`}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-slate-600 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600"
        data-testid="back-to-tools"
      >
        <ArrowBackIcon className="size-4" />
        {t('common.tool.back')}
      </Link>
      <header className="mt-4 mb-8 flex flex-col items-center text-center">
        <ToolIcon tool={tool} size="lg" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t(`tools.${toolId}.description`)}</p>
      </header>
      <div className="mx-auto max-w-3xl">
        <ToolWorkbench key={toolId} tool={tool} />
      </div>
      <HydrateLater>
        <ToolHowTo
          heading={t('common.tool.howTo', { tool: markAsPageText(title) })}
          steps={[
            t('common.tool.stepSelect', { files: wording.files, types: wording.types }),
            t('common.tool.stepRun', { action: markAsPageText(t(`tools.${toolId}.action`)) }),
            t('common.tool.stepDownload', { source: sample.source, fileName: sampleResult }),
          ]}
        />
        {toolId === 'pdf-to-pdfa' && <PdfaChecks />}
      </HydrateLater>
    </div>
  );
}
