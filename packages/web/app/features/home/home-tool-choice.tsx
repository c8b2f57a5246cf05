import { TOOLS, toolPath, toWholeMegabytes, type ToolId } from '@quire/shared';
import { Link } from 'react-router';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import type { FileGroup, GroupProblem, ToolChoice } from './tool-choice.ts';

type HomeToolChoiceProps = {
  readonly files: readonly File[];
  readonly choice: ToolChoice<File>;
  /** A tool was chosen for these files (all of them, or one kind of them). */
  readonly onChoose: (toolId: ToolId, files: readonly File[]) => void;
};

/** Under the home page's files: the tools that take them, or for each kind of file the tools that take those. */
export function HomeToolChoice({ files, choice, onChoose }: HomeToolChoiceProps) {
  const t = useT();
  if (choice.type === 'all') {
    return (
      <>
        <p className="text-sm font-semibold text-slate-900">
          {t('common.home.upload.chooseTool', { count: files.length })}
        </p>
        <ToolLinks tools={choice.tools} onChoose={(id) => onChoose(id, files)} />
      </>
    );
  }
  if (choice.type === 'one-kind') {
    return (
      <p className="text-sm font-semibold text-slate-900" data-testid="home-tool-problem">
        <ProblemText problem={choice.group.problem} />
      </p>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">{t('common.home.upload.byKind')}</p>
      {choice.groups.map((group) => (
        <KindGroup key={group.kind} group={group} onChoose={onChoose} />
      ))}
    </>
  );
}

function KindGroup({
  group,
  onChoose,
}: {
  group: FileGroup<File>;
  onChoose: HomeToolChoiceProps['onChoose'];
}) {
  const t = useT();
  return (
    <section className="mt-4" data-testid="home-file-group" data-kind={group.kind}>
      <h3 className="text-sm font-medium text-slate-700">
        {t('common.home.upload.group', { kind: group.kind, count: group.files.length })}
      </h3>
      {group.tools.length > 0 ? (
        <ToolLinks tools={group.tools} onChoose={(id) => onChoose(id, group.files)} />
      ) : (
        <p className="mt-2 text-sm text-slate-700" data-testid="home-tool-problem">
          <ProblemText problem={group.problem} />
        </p>
      )}
    </section>
  );
}

function ProblemText({ problem }: { problem: GroupProblem | null }) {
  const t = useT();
  if (problem?.reason === 'too-large') {
    const { fileName, maxFileBytes } = problem;
    return t('common.home.upload.tooLarge', { fileName, maxMegabytes: toWholeMegabytes(maxFileBytes) });
  }
  // Files of one kind are refused only for their number or a size.
  return t('common.home.upload.tooMany', { maxFiles: problem?.maxFiles ?? 1 });
}

function ToolLinks({ tools, onChoose }: { tools: readonly ToolId[]; onChoose: (toolId: ToolId) => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
      {tools.map((id) => (
        <li key={id}>
          <Link
            to={toolPath(locale, id)}
            onClick={() => onChoose(id)}
            data-testid="home-tool-link"
            data-tool={id}
            className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 p-2 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-3 focus-visible:outline-indigo-600"
          >
            <ToolIcon tool={TOOLS[id]} />
            {t(`tools.${id}.title`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
