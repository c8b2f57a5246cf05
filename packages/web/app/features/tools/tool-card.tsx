import { toolPath, TOOLS, type Locale, type ToolId } from '@quire/shared';
import { Link } from 'react-router';
import { ToolIcon } from '../../components/tool-icon.tsx';

type ToolCardProps = {
  readonly toolId: ToolId;
  readonly locale: Locale;
  readonly title: string;
  readonly description: string;
};

/** One card of the tool grid, linking to the tool's page. */
export function ToolCard({ toolId, locale, title, description }: ToolCardProps) {
  return (
    <Link
      to={toolPath(locale, toolId)}
      data-testid={`tool-card-${toolId}`}
      className="group flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <ToolIcon tool={TOOLS[toolId]} />
      <span className="text-lg font-semibold text-slate-900 group-hover:text-indigo-700">{title}</span>
      <span className="text-sm leading-relaxed text-slate-600">{description}</span>
    </Link>
  );
}
